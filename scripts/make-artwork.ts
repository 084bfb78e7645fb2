// Generates the shipped artwork under public/: default event images per category, the mascot,
// the festival placeholder, favicon/app icons and the header logo. Everything is drawn as SVG
// in code and rasterised with sharp. Deterministic: re-running produces the same files.
// Run: npx node scripts/make-artwork.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const out = join(import.meta.dirname, '..', 'public');
const W = 1200;
const H = 675;
const MAX_WEBP_BYTES = 40_000;

// Brand palette (see src/client/app/theme.ts).
const BRAND = '#cf975c';
const BRAND_DARK = '#8a5a24';
const INK = '#3b2a1a';
const CREAM = '#fff4e6';
const FESTIVE = ['#d9534f', '#f4c95d', '#2f8f83', BRAND, CREAM, '#7a3b5c'];

// ---------- SVG helpers ----------

/**
 * Gradient stops from a compact spec like "#fff, #cf975c/0.5 40%, #000": comma-separated
 * colour[/opacity] [offset%]; stops without an offset are spread evenly.
 */
function stops(spec: string): string {
  const parts = spec.split(',').map((part) => part.trim().split(/\s+/));
  return parts
    .map(([colour = '', pos], i) => {
      const [c, a = '1'] = colour.split('/');
      const offset = pos ? Number.parseFloat(pos) / 100 : i / Math.max(1, parts.length - 1);
      return `<stop offset="${offset}" stop-color="${c}" stop-opacity="${a}"/>`;
    })
    .join('');
}

/** Linear gradient; direction in bounding-box units (default top to bottom). */
const lin = (id: string, spec: string, dir: [number, number, number, number] = [0, 0, 0, 1]) =>
  `<linearGradient id="${id}" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">${stops(spec)}</linearGradient>`;

const rad = (id: string, spec: string, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(spec)}</radialGradient>`;

/** Soft drop shadow; doc() adds it to documents that use filter="url(#drop)". */
const DROP = `<filter id="drop" x="-15%" y="-15%" width="140%" height="150%"><feDropShadow dx="8" dy="12" stdDeviation="7" flood-color="#000" flood-opacity="0.22"/></filter>`;

const doc = (w: number, h: number, defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${body.includes('url(#drop)') ? DROP : ''}${defs}</defs>${body}</svg>`;

const pick = (list: readonly string[], i: number) => list[i % list.length] as string;

/** Seeded PRNG (mulberry32) so random scatter is stable between runs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- Shared motifs ----------

/**
 * Ticket outline with origin at top-left. Horizontal tickets have the perforation notches on the
 * top and bottom edges at x = at; vertical ones on the left and right edges at y = at.
 */
function ticketPath(w: number, h: number, r: number, n: number, at: number, vertical = false): string {
  const c = (x: number, y: number) => `A${r} ${r} 0 0 1 ${x},${y}`;
  const notch = (x: number, y: number) => `A${n} ${n} 0 0 0 ${x},${y}`;
  return vertical
    ? `M${r},0 H${w - r} ${c(w, r)} V${at - n} ${notch(w, at + n)} V${h - r} ${c(w - r, h)} H${r} ${c(0, h - r)} V${at + n} ${notch(0, at - n)} V${r} ${c(r, 0)} Z`
    : `M${r},0 H${at - n} ${notch(at + n, 0)} H${w - r} ${c(w, r)} V${h - r} ${c(w - r, h)} H${at + n} ${notch(at - n, h)} H${r} ${c(0, h - r)} V${r} ${c(r, 0)} Z`;
}

/** A horizontal ticket centred on the origin: shadow, body, perforation, star and "barcode". */
function ticket(w: number, h: number, fill: string, accent: string, seed: number): string {
  const at = w * 0.72;
  const d = ticketPath(w, h, h * 0.08, h * 0.11, at);
  const r = rng(seed);
  let bars = '';
  for (let x = w * 0.1; x < w * 0.6; x += 6 + r() * 8) {
    bars += `<rect x="${x}" y="${h * 0.62}" width="${2 + r() * 5}" height="${h * 0.22}"/>`;
  }
  return `<g transform="translate(${-w / 2},${-h / 2})">
    <path d="${d}" fill="${fill}" filter="url(#drop)"/>
    <rect x="${w * 0.1}" y="${h * 0.18}" width="${w * 0.42}" height="${h * 0.12}" rx="${h * 0.06}" fill="${accent}"/>
    <rect x="${w * 0.1}" y="${h * 0.38}" width="${w * 0.28}" height="${h * 0.08}" rx="${h * 0.04}" fill="${accent}" opacity="0.55"/>
    <g fill="${accent}" opacity="0.8">${bars}</g>
    <line x1="${at}" y1="${h * 0.14}" x2="${at}" y2="${h * 0.86}" stroke="${accent}" stroke-width="${h * 0.025}" stroke-dasharray="${h * 0.05} ${h * 0.04}" opacity="0.7"/>
    ${star(at + (w - at) / 2, h / 2, h * 0.17, h * 0.07, accent)}
  </g>`;
}

function star(cx: number, cy: number, outer: number, inner: number, fill: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? inner : outer;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

/** Four-point twinkle. */
const sparkle = (x: number, y: number, s: number, fill: string, opacity = 1) =>
  `<path d="M${x},${y - s} Q${x},${y} ${x + s},${y} Q${x},${y} ${x},${y + s} Q${x},${y} ${x - s},${y} Q${x},${y} ${x},${y - s} Z" fill="${fill}" opacity="${opacity}"/>`;

function sparkles(seed: number, n: number, fill: string): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) {
    s += sparkle(r() * W, r() * H, 8 + r() * 18, fill, 0.5 + r() * 0.5);
  }
  return s;
}

function confetti(seed: number, n: number, colors: readonly string[]): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = r() * W;
    const y = r() * H;
    const c = pick(colors, Math.floor(r() * colors.length));
    const rot = Math.round(r() * 180);
    const k = r();
    if (k < 0.5) {
      s += `<rect x="-6" y="-12" width="${10 + r() * 6}" height="${18 + r() * 10}" rx="2" fill="${c}" transform="translate(${x},${y}) rotate(${rot})"/>`;
    } else if (k < 0.8) {
      s += `<circle cx="${x}" cy="${y}" r="${5 + r() * 5}" fill="${c}"/>`;
    } else {
      s += `<path d="M-16,0 q8,-10 16,0 t16,0" fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round" transform="translate(${x},${y}) rotate(${rot})"/>`;
    }
  }
  return s;
}

/** Row of audience silhouettes reaching the bottom edge; some with a raised hand. */
function crowd(seed: number, y: number, n: number, color: string, scale = 1, bottom = H): string {
  const r = rng(seed);
  let s = '';
  for (let i = 0; i < n; i++) {
    const k = scale * (0.85 + r() * 0.3);
    const x = (i + 0.2 + r() * 0.6) * ((W + 80) / n) - 40;
    const top = y - 90 * k + r() * 24;
    if (r() < 0.5) {
      const side = r() < 0.5 ? -1 : 1;
      const hx = x + side * (40 + r() * 30) * k;
      const hy = top - (50 + r() * 30) * k;
      s += `<path d="M${x + side * 26 * k},${top + 40 * k} L${hx},${hy}" stroke="${color}" stroke-width="${15 * k}" stroke-linecap="round"/>`;
      s += `<circle cx="${hx}" cy="${hy}" r="${10 * k}"/>`;
    }
    s += `<circle cx="${x}" cy="${top}" r="${23 * k}"/>`;
    s += `<path d="M${x - 44 * k},${bottom} V${top + 56 * k} Q${x - 44 * k},${top + 28 * k} ${x - 16 * k},${top + 28 * k} H${x + 16 * k} Q${x + 44 * k},${top + 28 * k} ${x + 44 * k},${top + 56 * k} V${bottom} Z"/>`;
  }
  return `<g fill="${color}">${s}</g>`;
}

/** Triangular pennants hanging from a sagging string. */
function bunting(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  n: number,
  size: number,
): string {
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2 + sag * 2;
  const at = (t: number) => [
    (1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2,
    (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2,
  ];
  let s = `<path d="M${x1},${y1} Q${cx},${cy} ${x2},${y2}" fill="none" stroke="${INK}" stroke-width="3"/>`;
  for (let i = 0; i < n; i++) {
    const [ax, ay] = at((i + 0.1) / n) as [number, number];
    const [bx, by] = at((i + 0.9) / n) as [number, number];
    s += `<polygon points="${ax},${ay} ${bx},${by} ${(ax + bx) / 2},${(ay + by) / 2 + size}" fill="${pick(FESTIVE, i)}"/>`;
  }
  return s;
}

// ---------- Category scenes (each returns a W x H SVG) ----------

/** Striped circus tent standing on y = base. */
function tent(cx: number, base: number, w: number, h: number, c1: string, c2: string): string {
  const eave = base - h * 0.5;
  const top = base - h;
  const n = 6;
  const bw = w * 0.86;
  const seg = w / n;
  let s = '';
  for (let i = 0; i < n; i++) {
    s += `<rect x="${cx - bw / 2 + (i * bw) / n}" y="${eave}" width="${bw / n + 0.6}" height="${base - eave}" fill="${i % 2 ? c2 : c1}"/>`;
  }
  s += `<path d="M${cx - w * 0.09},${base} V${eave + h * 0.2} Q${cx},${eave + h * 0.06} ${cx + w * 0.09},${eave + h * 0.2} V${base} Z" fill="${INK}" opacity="0.85"/>`;
  for (let i = 0; i < n; i++) {
    const x = cx - w / 2 + i * seg;
    const fill = i % 2 ? c1 : c2;
    s += `<polygon points="${cx},${top} ${x},${eave} ${x + seg},${eave}" fill="${fill}" stroke="${fill}" stroke-width="0.8"/>`;
    s += `<path d="M${x},${eave - 1} a${seg / 2},${seg / 3} 0 0 0 ${seg},0 Z" fill="${fill}"/>`;
  }
  s += `<line x1="${cx}" y1="${top}" x2="${cx}" y2="${top - 44}" stroke="${INK}" stroke-width="4"/>`;
  s += `<path d="M${cx},${top - 44} l40,11 l-40,11 Z" fill="${c2}"/>`;
  return s;
}

type FestivalPalette = {
  sky: string;
  far: string;
  near: string;
  tents: [[string, string], [string, string], [string, string]];
  crowd?: [string, string];
};

/** Daytime festival: sun, hills, striped tents, bunting and (optionally) a crowd. */
function festivalDay(p: FestivalPalette): string {
  let rays = '';
  for (let i = 0; i < 14; i++) {
    const a = (i * Math.PI * 2) / 14;
    const b = a + 0.09;
    rays += `<polygon points="880,230 ${880 + 900 * Math.cos(a)},${230 + 900 * Math.sin(a)} ${880 + 900 * Math.cos(b)},${230 + 900 * Math.sin(b)}"/>`;
  }
  const [t1, t2, t3] = p.tents;
  return doc(
    W,
    H,
    lin('sky', p.sky) + rad('sun', '#fff6d8, #ffe9b0/0.8 35%, #ffd27a/0'),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <g fill="#fff3d6" opacity="0.12">${rays}</g>
    <circle cx="880" cy="230" r="280" fill="url(#sun)"/>
    <circle cx="880" cy="230" r="92" fill="#fff3cf"/>
    <path d="M0,420 Q180,350 400,410 T820,395 T1200,400 V${H} H0 Z" fill="${p.far}"/>
    <path d="M0,500 Q300,440 620,490 T1200,470 V${H} H0 Z" fill="${p.near}"/>
    ${tent(250, 560, 270, 270, t1[0], t1[1])}
    ${tent(1010, 565, 290, 260, t3[0], t3[1])}
    ${tent(640, 545, 210, 220, t2[0], t2[1])}
    ${bunting(-20, 40, 1220, 70, 70, 22, 40)}
    ${bunting(-20, 130, 700, 90, 40, 12, 32)}
    ${p.crowd ? crowd(11, 640, 16, p.crowd[0], 0.85) + crowd(12, 690, 11, p.crowd[1], 1.2) : ''}`,
  );
}

/** Dusk festival: ferris wheel, string lights, searchlights and a crowd. */
function festivalDusk(): string {
  const r = rng(21);
  let starsSvg = '';
  for (let i = 0; i < 60; i++) {
    starsSvg += `<circle cx="${r() * W}" cy="${r() * 300}" r="${1 + r() * 2.2}" opacity="${0.4 + r() * 0.6}"/>`;
  }
  // Ferris wheel
  const [wx, wy, R] = [320, 300, 210];
  let wheel = `<g stroke="#f4c95d" stroke-width="5">`;
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    wheel += `<line x1="${wx}" y1="${wy}" x2="${wx + R * Math.cos(a)}" y2="${wy + R * Math.sin(a)}"/>`;
  }
  wheel += `</g><circle cx="${wx}" cy="${wy}" r="${R}" fill="none" stroke="#f4c95d" stroke-width="9"/>
    <circle cx="${wx}" cy="${wy}" r="${R * 0.62}" fill="none" stroke="#f4c95d" stroke-width="4"/>`;
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6 + Math.PI / 12;
    const gx = wx + R * Math.cos(a);
    const gy = wy + R * Math.sin(a);
    wheel += `<line x1="${gx}" y1="${gy}" x2="${gx}" y2="${gy + 14}" stroke="${INK}" stroke-width="3"/>
      <rect x="${gx - 17}" y="${gy + 12}" width="34" height="26" rx="8" fill="${pick(FESTIVE, i)}"/>`;
  }
  for (let i = 0; i < 36; i++) {
    const a = (i * Math.PI) / 18;
    wheel += `<circle cx="${wx + R * Math.cos(a)}" cy="${wy + R * Math.sin(a)}" r="4" fill="#fff3c4"/>`;
  }
  wheel += `<path d="M${wx - 110},600 L${wx},${wy} L${wx + 110},600" fill="none" stroke="${INK}" stroke-width="14" stroke-linejoin="round"/>
    <circle cx="${wx}" cy="${wy}" r="16" fill="${INK}"/>`;
  // String lights
  let lights = `<path d="M-10,60 Q600,190 1210,50" fill="none" stroke="${INK}" stroke-width="3"/>`;
  for (let i = 1; i < 24; i++) {
    const t = i / 24;
    const x = (1 - t) ** 2 * -10 + 2 * (1 - t) * t * 600 + t * t * 1210;
    const y = (1 - t) ** 2 * 60 + 2 * (1 - t) * t * 190 + t * t * 50;
    lights += `<circle cx="${x}" cy="${y + 8}" r="20" fill="url(#bulb)"/><circle cx="${x}" cy="${y + 8}" r="6" fill="#fff1c2"/>`;
  }
  const beam = (x: number, a: number) =>
    `<polygon points="${x - 14},560 ${x + 14},560 ${x + 700 * Math.sin(a) + 60},${560 - 700 * Math.cos(a)} ${x + 700 * Math.sin(a) - 60},${560 - 700 * Math.cos(a)}" fill="url(#beam)"/>`;
  return doc(
    W,
    H,
    lin('sky', '#2b1840, #7a2f57 45%, #e0704a 80%, #f3a65a') +
      lin('beam', '#ffe4b0/0, #ffe4b0/0.45') +
      rad('bulb', '#ffd98a/0.9, #ffd98a/0') +
      rad('stageGlow', '#ffb36b/0.8, #ffb36b/0'),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <g fill="#fff3d6">${starsSvg}</g>
    <circle cx="1060" cy="110" r="38" fill="#fff0cf"/><circle cx="1078" cy="98" r="34" fill="#35193f"/>
    ${beam(820, -0.35)}${beam(980, 0.3)}
    <ellipse cx="900" cy="540" rx="320" ry="150" fill="url(#stageGlow)"/>
    <path d="M0,520 Q300,490 600,515 T1200,500 V${H} H0 Z" fill="#4a1f36"/>
    ${wheel}
    <polygon points="720,560 760,380 1080,380 1120,560" fill="#2a1428"/>
    <rect x="740" y="400" width="360" height="14" fill="#f4c95d"/>
    <rect x="760" y="420" width="320" height="130" fill="#ffb36b" opacity="0.35"/>
    ${lights}
    ${crowd(22, 600, 17, '#2a1230', 0.9)}${crowd(23, 660, 12, '#170a1c', 1.25)}`,
  );
}

/** Dark stage with light beams, a guitar and a microphone stand. */
function concert(): string {
  const lamps = [140, 370, 600, 830, 1060];
  const beams = lamps
    .map((x, i) => {
      const tx = x + (i - 2) * -60;
      return `<polygon points="${x - 12},70 ${x + 12},70 ${tx + 150},600 ${tx - 150},600" fill="url(#${i % 2 ? 'beamA' : 'beamB'})"/>`;
    })
    .join('');
  let truss = `<rect x="40" y="44" width="1120" height="26" fill="#2a1712" stroke="#6b4a33" stroke-width="3"/>`;
  for (let x = 40; x < 1160; x += 40) {
    truss += `<path d="M${x},44 L${x + 40},70 M${x},70 L${x + 40},44" stroke="#6b4a33" stroke-width="2"/>`;
  }
  truss += lamps
    .map(
      (x) =>
        `<rect x="${x - 20}" y="66" width="40" height="26" rx="6" fill="#1a0f0b"/><circle cx="${x}" cy="94" r="34" fill="url(#lamp)"/><ellipse cx="${x}" cy="92" rx="14" ry="6" fill="#fff1cf"/>`,
    )
    .join('');
  let strings = '';
  for (let i = 0; i < 6; i++) {
    const x = -12.5 + i * 5;
    strings += `<line x1="${x}" y1="75" x2="${x * 0.75}" y2="-418" stroke="#fff3d6" stroke-width="1.6"/>`;
  }
  let frets = '';
  for (let y = -150; y > -400; y -= 24 + (y + 150) * 0.04) {
    frets += `<line x1="-17" y1="${y}" x2="17" y2="${y}" stroke="#c9b08a" stroke-width="2.5"/>`;
  }
  const guitar = `<g transform="translate(470,448) rotate(-14) scale(0.74)">
    <rect x="-18" y="-410" width="36" height="300" rx="6" fill="#5a3220"/>
    ${frets}
    <path d="M-26,-470 Q0,-480 26,-470 L22,-405 L-22,-405 Z" fill="#2a1712"/>
    <g fill="#e8d3b0">${[-455, -438, -421].map((y) => `<circle cx="-30" cy="${y}" r="6"/><circle cx="30" cy="${y}" r="6"/>`).join('')}</g>
    <circle cx="0" cy="-45" r="82" fill="url(#guitar)"/>
    <circle cx="0" cy="70" r="108" fill="url(#guitar)"/>
    <rect x="-70" y="-45" width="140" height="110" fill="url(#guitar)"/>
    <circle cx="0" cy="-15" r="38" fill="none" stroke="#8a5a24" stroke-width="6"/>
    <circle cx="0" cy="-15" r="30" fill="#1a0f0b"/>
    <path d="M26,12 Q62,14 72,48 Q76,72 56,74 Q34,60 22,26 Z" fill="#5a3220" opacity="0.8"/>
    <rect x="-38" y="78" width="76" height="16" rx="6" fill="#3b2a1a"/>
    ${strings}
  </g>`;
  const mic = `<g stroke="#1a0f0b" stroke-linecap="round">
    <path d="M860,600 L815,640 M860,600 L905,640 M860,600 L860,650" stroke-width="8"/>
    <line x1="860" y1="600" x2="860" y2="320" stroke-width="10"/>
    <line x1="860" y1="330" x2="790" y2="260" stroke-width="8"/>
  </g>
  <g transform="translate(790,260) rotate(-45)">
    <rect x="-9" y="-10" width="18" height="70" rx="8" fill="#1a0f0b"/>
    <ellipse cx="0" cy="-30" rx="22" ry="28" fill="url(#metal)"/>
    <path d="M-18,-40 H18 M-21,-30 H21 M-18,-20 H18 M-10,-52 V-8 M0,-57 V-3 M10,-52 V-8" stroke="#5a4a3a" stroke-width="2"/>
  </g>`;
  return doc(
    W,
    H,
    rad('bg', '#7a3522, #3a1a14 60%, #140a07', 0.5, 0.4, 0.75) +
      lin('beamA', '#ffe1a8/0.6, #ffe1a8/0.04') +
      lin('beamB', '#ff9a7a/0.5, #ff9a7a/0.03') +
      rad('lamp', '#fff1cf/0.9, #ffb36b/0') +
      rad('pool', '#ffcf8a/0.55, #ffcf8a/0') +
      // User-space gradient so the body's three overlapping shapes shade as one.
      `<linearGradient id="guitar" gradientUnits="userSpaceOnUse" x1="-110" y1="-130" x2="110" y2="180">${stops(
        `#f0b872, ${BRAND} 60%, #9a6230`,
      )}</linearGradient>` +
      rad('metal', '#f3f0ea, #a59e94 70%, #5d564e', 0.35, 0.3, 0.8) +
      lin('floor', '#3a2016, #150b08'),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${beams}
    <rect y="560" width="${W}" height="115" fill="url(#floor)"/>
    <rect y="556" width="${W}" height="6" fill="${BRAND}" opacity="0.8"/>
    <ellipse cx="600" cy="590" rx="420" ry="50" fill="url(#pool)"/>
    ${truss}
    <path d="M418,600 L452,540 L486,600 M452,540 L452,520" stroke="#1a0f0b" stroke-width="7" stroke-linecap="round" fill="none"/>
    ${guitar}
    ${mic}
    ${crowd(31, 680, 13, '#0d0605', 1.15)}`,
  );
}

/** Concert hall with organ pipes, a grand piano, music stands and a violin: classical and choir concerts. */
function classical(): string {
  let pipes = '';
  for (let i = 0; i < 23; i++) {
    const x = 250 + i * 30;
    const h = 150 + Math.round(110 * Math.cos(((i - 11) / 11) * (Math.PI / 2)));
    pipes += `<rect x="${x}" y="${300 - h}" width="22" height="${h}" rx="4" fill="url(#pipe)"/><path d="M${x + 4},${300 - h + 18} h14 l-7,10 Z" fill="#5a3a1a"/>`;
  }
  let panels = '';
  for (let x = 0; x < W; x += 100)
    panels += `<rect x="${x + 6}" y="300" width="88" height="230" rx="4" fill="#6e3f22" opacity="0.55"/>`;
  const stand = (
    x: number,
    y: number,
    s: number,
  ) => `<g transform="translate(${x},${y}) scale(${s})" stroke="#1b0f0a" stroke-linecap="round">
    <line x1="0" y1="0" x2="0" y2="150" stroke-width="6"/><path d="M-34,170 L0,150 L34,170" stroke-width="6" fill="none"/>
    <path d="M-46,-34 L46,-34 L40,6 L-40,6 Z" fill="#1b0f0a" stroke-width="3"/><path d="M-36,-26 H-4 M-36,-16 H-4 M4,-26 H36 M4,-16 H36" stroke="${CREAM}" stroke-width="2" opacity="0.7"/></g>`;
  const piano = `<g transform="translate(250,470)">
    <path d="M-170,0 L150,0 Q190,-10 190,-60 Q190,-120 120,-126 Q40,-130 10,-90 L-170,-60 Z" fill="#15100d"/>
    <path d="M-170,-60 L10,-90 L-110,-230 Z" fill="#221a15" stroke="#3b2f27" stroke-width="3"/>
    <line x1="-20" y1="-78" x2="-110" y2="-228" stroke="#5d5048" stroke-width="4"/>
    <rect x="-178" y="0" width="16" height="100" fill="#15100d"/><rect x="110" y="0" width="16" height="100" fill="#15100d"/>
    <rect x="-176" y="-22" width="12" height="24" fill="${CREAM}"/>
    <path d="M-10,0 V26 H20 V0" stroke="#15100d" stroke-width="6" fill="none"/></g>`;
  const violin = `<g transform="translate(930,440) rotate(18)">
    <path d="M0,-150 C46,-150 54,-118 40,-92 C32,-76 32,-64 44,-48 C66,-20 62,40 0,44 C-62,40 -66,-20 -44,-48 C-32,-64 -32,-76 -40,-92 C-54,-118 -46,-150 0,-150 Z" fill="url(#violin)" stroke="#5a2c12" stroke-width="3"/>
    <path d="M-14,-84 q-8,14 0,30 M14,-84 q8,14 0,30" stroke="#2a140a" stroke-width="4" fill="none"/>
    <rect x="-9" y="-290" width="18" height="150" rx="4" fill="#1b0f0a"/>
    <path d="M-12,-292 q12,-34 24,0 Z" fill="#5a2c12"/><circle cx="0" cy="-305" r="11" fill="#5a2c12"/>
    <rect x="-20" y="-20" width="40" height="8" rx="2" fill="#2a140a"/>
    <g stroke="${CREAM}" stroke-width="1.4">${[-6, -2, 2, 6].map((x) => `<line x1="${x}" y1="-280" x2="${x}" y2="30"/>`).join('')}</g></g>
    <line x1="760" y1="260" x2="1120" y2="560" stroke="#e8d3b0" stroke-width="5" stroke-linecap="round"/>`;
  return doc(
    W,
    H,
    rad('hall', '#c9874d, #7a4320 55%, #3a1d0e', 0.5, 0.35, 0.8) +
      lin('pipe', '#8a5a24, #f8dc8a 40%, #e2b04e 60%, #8a5a24', [0, 0, 1, 0]) +
      lin('stage', '#8a5432, #3a2010') +
      rad('glow', '#ffe7b8/0.6, #ffe7b8/0') +
      `<linearGradient id="violin" gradientUnits="userSpaceOnUse" x1="-60" y1="-150" x2="60" y2="44">${stops('#e39a52, #b5602a 55%, #7a3512')}</linearGradient>`,
    `<rect width="${W}" height="${H}" fill="url(#hall)"/>
    <ellipse cx="600" cy="200" rx="520" ry="220" fill="url(#glow)"/>
    <rect x="230" y="290" width="740" height="18" fill="#5a3a1a"/>
    ${pipes}
    ${panels}
    <rect y="520" width="${W}" height="155" fill="url(#stage)"/>
    <rect y="516" width="${W}" height="6" fill="#e2b04e" opacity="0.8"/>
    ${stand(520, 400, 0.8)}${stand(650, 396, 0.8)}${stand(780, 400, 0.8)}
    ${piano}
    ${violin}
    ${crowd(71, 690, 12, '#1e0f07', 1.05)}`,
  );
}

/** Blue-lit jazz cellar: a double bass, a saxophone, a spotlight and candle-lit tables. */
function jazz(): string {
  const r = rng(83);
  let bricks = '';
  for (let row = 0; row < 12; row++) {
    for (let x = row % 2 ? -50 : 0; x < W; x += 100) {
      bricks += `<rect x="${x + 3}" y="${row * 46 + 3}" width="94" height="40" rx="3" fill="${pick(['#233a52', '#1d3148', '#284260', '#1a2c40'], Math.floor(r() * 4))}"/>`;
    }
  }
  const bass = `<g transform="translate(430,380) rotate(-8)">
    <path d="M0,-170 C70,-170 86,-120 64,-80 C52,-58 54,-40 76,-10 C120,50 96,180 0,184 C-96,180 -120,50 -76,-10 C-54,-40 -52,-58 -64,-80 C-86,-120 -70,-170 0,-170 Z" fill="url(#bassWood)" stroke="#3a1808" stroke-width="4"/>
    <path d="M-24,-40 q-14,30 0,70 M24,-40 q14,30 0,70" stroke="#1a0a04" stroke-width="6" fill="none"/>
    <rect x="-13" y="-420" width="26" height="260" rx="6" fill="#15100d"/>
    <path d="M-16,-420 q16,-50 32,0 Z" fill="#5a2c12"/><circle cx="4" cy="-452" r="14" fill="#5a2c12"/>
    <rect x="-30" y="40" width="60" height="10" rx="3" fill="#1a0a04"/>
    <rect x="-5" y="184" width="10" height="60" fill="#9a9a9a"/>
    <g stroke="${CREAM}" stroke-width="1.8">${[-9, -3, 3, 9].map((x) => `<line x1="${x}" y1="-410" x2="${x * 1.3}" y2="120"/>`).join('')}</g></g>`;
  const sax = `<g transform="translate(800,250) rotate(12)">
    <path d="M-8,-120 L10,-120 L18,150 Q22,230 -40,236 Q-110,236 -116,170 L-120,120 L-84,118 L-82,160 Q-78,198 -40,198 Q-10,196 -14,150 Z" fill="url(#brass)" stroke="#8a5a24" stroke-width="3"/>
    <path d="M-136,120 Q-102,96 -70,120 Z" fill="url(#brass)" stroke="#8a5a24" stroke-width="3"/>
    <path d="M-8,-120 Q-20,-160 -70,-170 L-100,-166" fill="none" stroke="#2a2622" stroke-width="10" stroke-linecap="round"/>
    <g fill="#fff4d0" stroke="#8a5a24" stroke-width="2">${[-80, -40, 0, 40, 80, 120].map((y) => `<circle cx="${-10 + y * 0.02}" cy="${y}" r="9"/>`).join('')}</g></g>`;
  let tables = '';
  for (const [x, s] of [
    [140, 1],
    [1060, 1],
    [600, 1.15],
  ] as const) {
    tables += `<g transform="translate(${x},600) scale(${s})"><circle cx="0" cy="-44" r="60" fill="url(#candle)"/>
      <ellipse cx="0" cy="0" rx="90" ry="18" fill="#0d1622"/><rect x="-6" y="0" width="12" height="80" fill="#0d1622"/>
      <rect x="-9" y="-34" width="18" height="30" rx="4" fill="#d9534f" opacity="0.85"/><ellipse cx="0" cy="-42" rx="6" ry="11" fill="#ffd98a"/></g>`;
  }
  return doc(
    W,
    H,
    rad('spot', '#ffe1a8/0.5, #ffe1a8/0.12 45%, #06101c/0.55 80%', 0.55, 0.4, 0.6) +
      lin('bassWood', '#d08a4a, #8a4a1e 60%, #5a2c12', [0, 0, 1, 1]) +
      lin('brass', '#fff0b0, #f4c95d 35%, #cf975c 70%, #8a5a24', [0, 0, 1, 0]) +
      rad('candle', '#ffd98a/0.55, #ffd98a/0') +
      lin('floor', '#13202e, #070d15'),
    `<rect width="${W}" height="${H}" fill="#13243a"/>
    ${bricks}
    <rect width="${W}" height="${H}" fill="url(#spot)"/>
    <rect y="540" width="${W}" height="135" fill="url(#floor)"/>
    <rect y="536" width="${W}" height="6" fill="${BRAND}" opacity="0.7"/>
    ${bass}
    ${sax}
    ${tables}`,
  );
}

/** Ballet stage: a dancer en pointe in a pink tutu under a soft spotlight: ballet, dance and musicals. */
function ballet(): string {
  let frills = '';
  for (let i = 0; i <= 16; i++) {
    const a = Math.PI * (i / 16);
    const x = -130 * Math.cos(a);
    frills += `<ellipse cx="${x}" cy="${8 + 14 * Math.sin(a)}" rx="22" ry="12" fill="${i % 2 ? '#f7c6cc' : '#f0aab4'}"/>`;
  }
  const dancer = `<g transform="translate(600,338) scale(0.7)" fill="#2a1020">
    <path d="M-8,30 L-14,250 Q-14,262 -8,262 L-2,262 L6,40 Z"/>
    <path d="M10,30 Q80,40 150,-10 Q158,-16 152,-22 Q90,10 8,6 Z"/>
    <path d="M-16,-90 Q-22,-30 -14,24 L16,24 Q22,-30 14,-90 Z"/>
    <circle cx="0" cy="-122" r="24"/><circle cx="8" cy="-150" r="12"/>
    <rect x="-7" y="-102" width="14" height="16"/>
    <path d="M-12,-86 Q-60,-150 -24,-210 M12,-86 Q60,-150 24,-210" stroke="#2a1020" stroke-width="11" fill="none" stroke-linecap="round"/>
    <g transform="translate(0,18)">${frills}<ellipse cx="0" cy="0" rx="132" ry="22" fill="url(#tutu)"/></g></g>`;
  let boards = '';
  for (let i = -10; i <= 10; i++)
    boards += `<line x1="${600 + i * 60}" y1="440" x2="${600 + i * 150}" y2="${H}"/>`;
  return doc(
    W,
    H,
    rad('back', '#7a4a6a, #3a1a30 60%, #1a0a16', 0.5, 0.4, 0.7) +
      lin('cone', '#ffe7ef/0.04, #ffe7ef/0.38') +
      rad('pool', '#ffe2ea/0.7, #ffe2ea/0') +
      lin('tutu', '#ffe4e8, #f0aab4') +
      lin('boards', '#6a4a3a, #2a1a14') +
      lin('drape', '#5a1a3a, #8a2c5a 50%, #5a1a3a', [0, 0, 1, 0]),
    `<rect width="${W}" height="${H}" fill="url(#back)"/>
    ${sparkles(97, 40, '#ffe7ef')}
    <polygon points="560,0 640,0 880,520 320,520" fill="url(#cone)"/>
    <rect y="440" width="${W}" height="235" fill="url(#boards)"/>
    <g stroke="#1a0e0a" stroke-width="2" opacity="0.5">${boards}</g>
    <ellipse cx="600" cy="520" rx="360" ry="70" fill="url(#pool)"/>
    <ellipse cx="600" cy="522" rx="70" ry="10" fill="#000" opacity="0.25"/>
    ${dancer}
    <path d="M0,0 H180 Q150,300 210,675 H0 Z" fill="url(#drape)"/>
    <path d="M${W},0 H${W - 180} Q${W - 150},300 ${W - 210},675 H${W} Z" fill="url(#drape)"/>`,
  );
}

/** Classic soccer ball centred at (cx, cy). */
function soccerBall(cx: number, cy: number, r: number): string {
  const pent = (x: number, y: number, s: number, rot: number) =>
    Array.from({ length: 5 }, (_, i) => {
      const a = rot + (i * 2 * Math.PI) / 5;
      return `${x + s * Math.cos(a)},${y + s * Math.sin(a)}`;
    }).join(' ');
  let seams = '';
  let patches = `<polygon points="${pent(cx, cy, r * 0.3, -Math.PI / 2)}"/>`;
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    const [vx, vy] = [cx + r * 0.3 * Math.cos(a), cy + r * 0.3 * Math.sin(a)];
    const [ex, ey] = [cx + r * 0.62 * Math.cos(a), cy + r * 0.62 * Math.sin(a)];
    seams += `M${vx},${vy} L${ex},${ey} `;
    const b = a + Math.PI / 5;
    patches += `<polygon points="${pent(cx + r * 0.98 * Math.cos(b), cy + r * 0.98 * Math.sin(b), r * 0.3, b + Math.PI)}"/>`;
    for (const side of [-1, 1]) {
      const c = a + (side * Math.PI) / 5;
      seams += `M${ex},${ey} L${cx + r * 0.82 * Math.cos(c)},${cy + r * 0.82 * Math.sin(c)} `;
    }
  }
  return `<ellipse cx="${cx + 20}" cy="${cy + r + 6}" rx="${r * 0.95}" ry="${r * 0.16}" fill="#000" opacity="0.25"/>
    <clipPath id="ball"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="#fdf8f0"/>
    <g clip-path="url(#ball)"><g fill="${INK}">${patches}</g>
    <path d="${seams}" stroke="${INK}" stroke-width="4" fill="none"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ballShade)"/></g>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${INK}" stroke-width="4"/>`;
}

/** Random dots inside the stands (between two ellipses) = spectators. */
function spectators(
  seed: number,
  n: number,
  inside: (x: number, y: number) => boolean,
  colors: string[],
): string {
  const r = rng(seed);
  let s = '';
  for (let placed = 0, tries = 0; placed < n && tries < n * 20; tries++) {
    const x = r() * W;
    const y = r() * H;
    if (!inside(x, y)) continue;
    s += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(3 + r() * 2).toFixed(1)}" fill="${pick(colors, placed)}"/>`;
    placed++;
  }
  return s;
}

/** Stadium at sunset with floodlights and a football in front. */
function stadium(): string {
  const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
    ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1;
  const fans = spectators(
    41,
    650,
    (x, y) => inEllipse(x, y, 600, 600, 1000, 440) && !inEllipse(x, y, 600, 600, 840, 290) && y > 175,
    ['#f4c95d', CREAM, '#d9534f', '#e8a86a', '#8fb8c9'],
  );
  let stripes = '';
  for (let i = -8; i < 8; i += 2) {
    stripes += `<polygon points="${600 + i * 55},300 ${600 + (i + 1) * 55},300 ${600 + (i + 1) * 190},${H} ${600 + i * 190},${H}"/>`;
  }
  const flood = (x: number) => `<circle cx="${x}" cy="80" r="150" fill="url(#flood)"/>
    <rect x="${x - 6}" y="90" width="12" height="260" fill="#3b2a1a"/>
    <rect x="${x - 48}" y="52" width="96" height="52" rx="6" fill="#3b2a1a"/>
    <g fill="#fff6dc">${[0, 1, 2, 3]
      .flatMap((c) => [0, 1].map((rw) => `<circle cx="${x - 33 + c * 22}" cy="${67 + rw * 22}" r="8"/>`))
      .join('')}</g>`;
  return doc(
    W,
    H,
    lin('sky', '#fbd9a0, #ee9a63') +
      rad('flood', '#fff6dc/0.9, #fff6dc/0') +
      lin('field', '#4f8a3c, #3a7030') +
      rad('ballShade', '#fff/0, #000/0 70%, #000/0.35', 0.38, 0.35, 0.75),
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="600" cy="200" r="70" fill="#fff0cc" opacity="0.85"/>
    ${flood(90)}${flood(1110)}
    <ellipse cx="600" cy="600" rx="1000" ry="440" fill="#6b3a26"/>
    <ellipse cx="600" cy="600" rx="1000" ry="440" fill="none" stroke="#4a2618" stroke-width="16"/>
    ${[380, 360, 340, 320]
      .map(
        (ry, i) =>
          `<ellipse cx="600" cy="600" rx="${960 - i * 30}" ry="${ry}" fill="none" stroke="#4a2618" stroke-width="3"/>`,
      )
      .join('')}
    ${fans}
    <ellipse cx="600" cy="600" rx="840" ry="290" fill="#3b2a1a"/>
    <ellipse cx="600" cy="606" rx="820" ry="280" fill="url(#field)"/>
    <clipPath id="pitch"><ellipse cx="600" cy="606" rx="820" ry="280"/></clipPath>
    <g clip-path="url(#pitch)"><g fill="#5d9a48" opacity="0.6">${stripes}</g>
      <g fill="none" stroke="#f3f0e4" stroke-width="5" opacity="0.9">
        <line x1="600" y1="330" x2="600" y2="${H}"/>
        <ellipse cx="600" cy="450" rx="170" ry="52"/>
      </g></g>
    ${soccerBall(950, 520, 118)}`,
  );
}

/** A hockey stick in local coordinates: shaft going up, blade to the left at the bottom. */
const hockeyStick = (transform: string) => `<g transform="${transform}">
  <rect x="-11" y="-300" width="22" height="440" rx="6" fill="url(#shaft)"/>
  <rect x="-12" y="-300" width="24" height="46" rx="6" fill="${INK}"/>
  <path d="M11,120 L-11,120 L-16,170 Q-20,186 -40,186 L-150,186 Q-166,186 -166,170 L-166,160 Q-166,150 -150,150 L-50,150 Q-36,150 -32,138 L-28,120 Z" fill="${INK}"/>
  <path d="M-60,150 V186 M-80,150 V186 M-100,150 V186 M-120,150 V186" stroke="#fff4e6" stroke-width="3" opacity="0.55"/>
</g>`;

/** Ice rink under warm arena lights, crossed hockey sticks and a puck. */
function hockey(): string {
  const fans = spectators(51, 520, (_x, y) => y > 140 && y < 315, [
    '#f4c95d',
    CREAM,
    '#d9534f',
    '#e8a86a',
    '#8fb8c9',
  ]);
  let lights = '';
  for (let x = 100; x < W; x += 200) {
    lights += `<circle cx="${x}" cy="40" r="110" fill="url(#arenaLight)"/><rect x="${x - 30}" y="22" width="60" height="14" rx="6" fill="#fff6dc"/>`;
  }
  let ads = '';
  for (let i = 0; i < 8; i++) {
    ads += `<rect x="${i * 150}" y="335" width="150" height="22" fill="${pick([BRAND, '#d9534f', '#f4c95d', '#2f8f83'], i)}"/>`;
  }
  return doc(
    W,
    H,
    lin('arena', '#1e120c, #5a3220') +
      rad('arenaLight', '#ffe3ad/0.75, #ffe3ad/0') +
      lin('ice', '#f4efe6, #d5e4ea') +
      rad('iceGlow', '#ffd9a0/0.5, #ffd9a0/0') +
      lin('shaft', `#e8b878, ${BRAND}, #9a6230`, [0, 0, 1, 0]),
    `<rect width="${W}" height="${H}" fill="url(#arena)"/>
    ${fans}
    ${lights}
    <rect y="320" width="${W}" height="16" fill="#fdf8f0"/>
    ${ads}
    <rect y="357" width="${W}" height="14" fill="#fdf8f0"/>
    <rect y="371" width="${W}" height="304" fill="url(#ice)"/>
    <ellipse cx="600" cy="420" rx="620" ry="90" fill="url(#iceGlow)"/>
    <g stroke-width="10">
      <line x1="600" y1="371" x2="600" y2="${H}" stroke="#c8463d"/>
      <line x1="310" y1="371" x2="130" y2="${H}" stroke="#3d6fb0"/>
      <line x1="890" y1="371" x2="1070" y2="${H}" stroke="#3d6fb0"/>
    </g>
    <ellipse cx="600" cy="505" rx="190" ry="62" fill="none" stroke="#3d6fb0" stroke-width="7"/>
    <ellipse cx="610" cy="640" rx="230" ry="26" fill="#5a3220" opacity="0.18"/>
    ${hockeyStick('translate(540,470) rotate(28)')}
    ${hockeyStick('translate(660,470) scale(-1,1) rotate(28)')}
    <ellipse cx="606" cy="618" rx="70" ry="18" fill="#000" opacity="0.2"/>
    <path d="M540,590 V606 A62 18 0 0 0 664,606 V590 Z" fill="#1a1410"/>
    <ellipse cx="602" cy="590" rx="62" ry="18" fill="#3a332e"/>`,
  );
}

/** Comedy and tragedy masks centred on the origin. */
function masks(): string {
  const face =
    'M-80,-90 C-40,-112 40,-112 80,-90 C94,-10 72,60 32,96 C12,112 -12,112 -32,96 C-72,60 -94,-10 -80,-90 Z';
  const comedy = `<g transform="translate(-78,-10) rotate(-14)">
    <path d="${face}" fill="url(#gold)" stroke="${BRAND_DARK}" stroke-width="5"/>
    <path d="M-58,-28 Q-36,-58 -14,-28 Q-36,-42 -58,-28 Z M14,-28 Q36,-58 58,-28 Q36,-42 14,-28 Z" fill="${INK}"/>
    <path d="M-60,-58 Q-38,-80 -16,-64 M16,-64 Q38,-80 60,-58" stroke="${BRAND_DARK}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M-48,26 Q0,92 48,26 Q0,50 -48,26 Z" fill="${INK}"/>
    <ellipse cx="-54" cy="14" rx="14" ry="9" fill="#e8846a" opacity="0.6"/><ellipse cx="54" cy="14" rx="14" ry="9" fill="#e8846a" opacity="0.6"/>
  </g>`;
  const tragedy = `<g transform="translate(82,22) rotate(14)">
    <path d="${face}" fill="url(#silver)" stroke="#8a7a66" stroke-width="5"/>
    <path d="M-58,-38 Q-36,-8 -14,-38 Q-36,-26 -58,-38 Z M14,-38 Q36,-8 58,-38 Q36,-26 14,-38 Z" fill="${INK}"/>
    <path d="M-60,-52 Q-40,-58 -16,-72 M16,-72 Q40,-58 60,-52" stroke="#8a7a66" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M-42,66 Q0,18 42,66 Q0,44 -42,66 Z" fill="${INK}"/>
    <path d="M-40,-8 q-6,16 0,22 q6,-6 0,-22 Z" fill="#8fb8c9"/>
  </g>`;
  const ribbons = `<g fill="none" stroke-width="10" stroke-linecap="round">
    <path d="M-160,-40 C-210,0 -170,60 -230,110" stroke="#d9534f"/>
    <path d="M165,0 C215,40 175,100 235,150" stroke="${BRAND}"/>
  </g>`;
  return ribbons + tragedy + comedy;
}

/** Stage with draped red curtains, a spotlight and theatre masks. */
function theatre(): string {
  const left = 'M0,0 H400 C380,190 290,330 160,400 C205,470 225,590 232,675 H0 Z';
  let scallops = '';
  for (let x = 0; x < W; x += 100) {
    scallops += `<path d="M${x},96 a50,34 0 0 0 100,0 Z" fill="url(#folds)"/>`;
  }
  let planks = '';
  for (let i = -12; i <= 12; i++) {
    planks += `<line x1="${600 + i * 55}" y1="540" x2="${600 + i * 150}" y2="${H}"/>`;
  }
  return doc(
    W,
    H,
    `<linearGradient id="folds" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="46" y2="0" spreadMethod="reflect">${stops(
      '#5a0d14, #a8232c 55%, #c6343a',
    )}</linearGradient>` +
      rad('back', '#5a2420, #1a0a0b', 0.5, 0.45, 0.6) +
      lin('cone', '#ffe7b8/0.05, #ffe7b8/0.4') +
      rad('pool', '#ffe2a8/0.7, #ffe2a8/0') +
      lin('wood', '#8a5432, #4a2a18') +
      lin('gold', '#f8dc8a, #e2b04e 60%, #b98034', [0, 0, 1, 1]) +
      lin('silver', '#fbf3e6, #e0cfb6 60%, #b8a288', [0, 0, 1, 1]),
    `<rect width="${W}" height="${H}" fill="url(#back)"/>
    <polygon points="560,0 640,0 920,600 280,600" fill="url(#cone)"/>
    <rect y="540" width="${W}" height="135" fill="url(#wood)"/>
    <g stroke="#3a1f12" stroke-width="2" opacity="0.6">${planks}</g>
    <rect y="536" width="${W}" height="8" fill="#e2b04e" opacity="0.7"/>
    <ellipse cx="600" cy="580" rx="330" ry="60" fill="url(#pool)"/>
    <g transform="translate(600,330)">${masks()}</g>
    <path d="${left}" fill="url(#folds)"/>
    <path d="${left}" fill="url(#folds)" transform="translate(${W},0) scale(-1,1)"/>
    <g fill="#e2b04e"><ellipse cx="168" cy="402" rx="22" ry="30"/><ellipse cx="1032" cy="402" rx="22" ry="30"/></g>
    <rect width="${W}" height="98" fill="url(#folds)"/>
    ${scallops}
    <rect y="0" width="${W}" height="14" fill="#e2b04e"/>
    <path d="M0,98 H${W}" stroke="#e2b04e" stroke-width="5"/>`,
  );
}

/** Brick wall, spotlight, microphone on a stand and a stool: a stand-up comedy stage. */
function standup(): string {
  const r = rng(61);
  const tones = ['#9c4a30', '#a9553a', '#8c4029', '#b25f3f', '#94452d'];
  let bricks = '';
  for (let row = 0; row < 12; row++) {
    const off = row % 2 ? -60 : 0;
    for (let x = off; x < W; x += 120) {
      bricks += `<rect x="${x + 3}" y="${row * 48 + 3}" width="114" height="42" rx="3" fill="${pick(tones, Math.floor(r() * 5))}"/>`;
    }
  }
  const cable = 'M614,452 C640,520 600,560 640,590 S760,600 800,630 S700,660 640,675';
  return doc(
    W,
    H,
    rad('spot', '#ffd9a0/0.55, #ffb070/0.12 40%, #120806/0.6 75%, #120806/0.85', 0.5, 0.42, 0.62) +
      rad('pool', '#ffd9a0/0.55, #ffd9a0/0') +
      lin('pole', '#3a3632, #b8b0a4 45%, #2a2622', [0, 0, 1, 0]) +
      rad('grille', '#f5f1ea, #a59e94 65%, #4e4840', 0.35, 0.3, 0.8) +
      lin('seat', '#c98b52, #7a4a2a'),
    `<rect width="${W}" height="${H}" fill="#4a2218"/>
    ${bricks}
    <rect width="${W}" height="${H}" fill="url(#spot)"/>
    <rect y="560" width="${W}" height="115" fill="#1e100b"/>
    <rect y="556" width="${W}" height="6" fill="#5a3220"/>
    <ellipse cx="620" cy="600" rx="340" ry="56" fill="url(#pool)"/>
    <path d="${cable}" fill="none" stroke="#0e0806" stroke-width="7" stroke-linecap="round"/>
    <ellipse cx="600" cy="608" rx="74" ry="14" fill="#0e0806"/>
    <path d="M560,606 Q600,580 640,606 Z" fill="#2a2622"/>
    <rect x="593" y="300" width="14" height="300" rx="4" fill="url(#pole)"/>
    <rect x="588" y="296" width="24" height="20" rx="4" fill="#2a2622"/>
    <g transform="translate(600,300) rotate(-12)">
      <path d="M-13,-10 L13,-10 L8,-110 L-8,-110 Z" fill="#1b1816"/>
      <rect x="-16" y="-120" width="32" height="14" rx="4" fill="#6d665c"/>
      <circle cx="0" cy="-150" r="36" fill="url(#grille)"/>
      <path d="M-30,-164 H30 M-35,-150 H35 M-30,-136 H30 M-18,-180 V-120 M0,-186 V-114 M18,-180 V-120" stroke="#6d665c" stroke-width="2" opacity="0.7"/>
    </g>
    <g stroke="#5a3220" stroke-width="10" stroke-linecap="round">
      <line x1="830" y1="480" x2="790" y2="610"/><line x1="910" y1="480" x2="950" y2="610"/><line x1="870" y1="486" x2="870" y2="620"/>
      <line x1="812" y1="560" x2="928" y2="560" stroke-width="7"/>
    </g>
    <ellipse cx="870" cy="480" rx="78" ry="20" fill="url(#seat)"/>
    <path d="M852,410 L888,410 L884,472 L856,472 Z" fill="#e6f2f4" opacity="0.55" stroke="#fff" stroke-width="2"/>
    <path d="M855,432 L885,432 L884,472 L856,472 Z" fill="#a8d4e0" opacity="0.55"/>`,
  );
}

/** Picture frame with a nested artwork. */
function frame(
  x: number,
  y: number,
  w: number,
  h: number,
  art: string,
  border = 'url(#frameGold)',
  mat = 20,
): string {
  const t = 16;
  return `<rect x="${x + 8}" y="${y + 12}" width="${w}" height="${h}" fill="#000" opacity="0.18"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${border}"/>
    <rect x="${x + t}" y="${y + t}" width="${w - 2 * t}" height="${h - 2 * t}" fill="#fbf6ee"/>
    <svg x="${x + t + mat}" y="${y + t + mat}" width="${w - 2 * (t + mat)}" height="${h - 2 * (t + mat)}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice">${art}</svg>`;
}

// Small artworks drawn in a 100x100 box.
const ART = {
  landscape: `<rect width="100" height="100" fill="#f7b267"/><rect y="50" width="100" height="50" fill="#f08a5d"/>
    <circle cx="64" cy="44" r="14" fill="#fff0cc"/><path d="M0,62 Q25,40 50,58 T100,52 V100 H0Z" fill="#8a4b2c"/>
    <path d="M0,78 Q35,62 70,76 T100,72 V100 H0Z" fill="#5a3220"/>`,
  abstract: `<rect width="100" height="100" fill="#2f6f6a"/><circle cx="38" cy="36" r="24" fill="#f4c95d"/>
    <rect x="44" y="50" width="44" height="40" fill="#d9534f"/><circle cx="70" cy="30" r="10" fill="${CREAM}"/>
    <path d="M0,100 L30,64 L56,100Z" fill="${BRAND}"/>`,
  bauhaus: `<rect width="100" height="100" fill="${CREAM}"/><path d="M0,0 H50 A50 50 0 0 1 0,50 Z" fill="${BRAND}"/>
    <path d="M100,100 H50 A50 50 0 0 1 100,50 Z" fill="#2f6f6a"/><circle cx="70" cy="30" r="16" fill="#d9534f"/>
    <rect x="14" y="62" width="26" height="26" fill="${INK}"/>`,
  stripes: `<rect width="100" height="100" fill="#f4c95d"/><rect y="20" width="100" height="18" fill="#d9534f"/>
    <rect y="52" width="100" height="12" fill="#2f6f6a"/><rect y="76" width="100" height="8" fill="${INK}"/>`,
  portrait: `<rect width="100" height="100" fill="#8fb8c9"/><circle cx="50" cy="40" r="18" fill="#e8b48a"/>
    <path d="M20,100 Q20,64 50,64 Q80,64 80,100Z" fill="#7a3b5c"/><path d="M32,36 Q34,16 50,18 Q68,18 68,38 Q60,26 32,36Z" fill="${INK}"/>`,
  sea: `<rect width="100" height="100" fill="#f6d7a7"/><rect y="56" width="100" height="44" fill="#3f7f86"/>
    <circle cx="30" cy="34" r="12" fill="#d9534f"/><path d="M0,66 q12,-6 25,0 t25,0 t25,0 t25,0" stroke="${CREAM}" stroke-width="3" fill="none"/>
    <path d="M56,56 L66,30 L76,56Z" fill="${CREAM}"/>`,
};

const gallery = (wall: string, floor: string, body: string, lamps: number[]) => {
  const cones = lamps
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="300" rx="210" ry="250" fill="url(#wash)"/><polygon points="${x - 10},34 ${x + 10},34 ${x + 150},520 ${x - 150},520" fill="url(#cone)"/>`,
    )
    .join('');
  const heads = lamps
    .map(
      (x) =>
        `<rect x="${x - 6}" y="18" width="12" height="12" fill="${INK}"/><rect x="${x - 14}" y="26" width="28" height="14" rx="5" fill="${INK}"/>`,
    )
    .join('');
  let planks = '';
  for (let i = -14; i <= 14; i++) {
    planks += `<line x1="${600 + i * 60}" y1="545" x2="${600 + i * 160}" y2="${H}"/>`;
  }
  return doc(
    W,
    H,
    lin('wall', wall) +
      lin('floor', floor) +
      lin('cone', '#fff6e0/0.5, #fff6e0/0') +
      rad('wash', '#fff3d6/0.4, #fff3d6/0') +
      lin('frameGold', '#f3cf7a, #c99440, #8a5a24', [0, 0, 1, 1]) +
      lin('frameWood', '#6b3f22, #3b2a1a', [0, 0, 1, 1]) +
      lin('bronze', '#f0c27a, #b4733a, #5a3220', [0, 0, 1, 1]),
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
    ${cones}
    <rect y="14" width="${W}" height="6" fill="${INK}"/>${heads}
    <rect y="545" width="${W}" height="130" fill="url(#floor)"/>
    <g stroke="#000" stroke-width="2" opacity="0.12">${planks}</g>
    <rect y="530" width="${W}" height="16" fill="#fffaf2"/>
    ${body}`,
  );
};

/** Bright gallery: three framed pictures, a bench and a potted plant. */
function exhibition1(): string {
  const leaves = [-50, -28, -8, 12, 34, 52]
    .map(
      (a, i) =>
        `<ellipse cx="0" cy="-70" rx="16" ry="${62 + (i % 3) * 10}" transform="rotate(${a})" fill="${i % 2 ? '#5f8a4e' : '#4a7340'}"/>`,
    )
    .join('');
  return gallery(
    '#f4e2c8, #e0c19c',
    '#b07a4e, #7a4e2e',
    `${frame(130, 170, 230, 290, ART.abstract)}
    ${frame(440, 130, 340, 270, ART.landscape)}
    ${frame(860, 190, 220, 220, ART.bauhaus, 'url(#frameWood)')}
    <rect x="470" y="585" width="280" height="26" rx="6" fill="#5a3220"/>
    <rect x="490" y="608" width="18" height="44" fill="${INK}"/><rect x="712" y="608" width="18" height="44" fill="${INK}"/>
    <g transform="translate(1130,560)">${leaves}</g>
    <polygon points="1090,556 1170,556 1160,630 1100,630" fill="#c0663f"/><rect x="1084" y="548" width="92" height="16" rx="4" fill="#a8552f"/>`,
    [245, 610, 970],
  );
}

/** Terracotta salon wall with many frames and a bronze sculpture on a plinth. */
function exhibition2(): string {
  const sculpture = `<ellipse cx="940" cy="655" rx="120" ry="14" fill="#000" opacity="0.25"/>
    <polygon points="850,420 1030,420 1050,400 870,400" fill="#f5ede2"/>
    <rect x="850" y="420" width="180" height="230" fill="#e8dccb"/><polygon points="1030,420 1050,400 1050,630 1030,650" fill="#cbbba6"/>
    <circle cx="950" cy="250" r="46" fill="none" stroke="url(#bronze)" stroke-width="26"/>
    <ellipse cx="950" cy="360" rx="62" ry="42" fill="url(#bronze)"/>
    <rect x="944" y="290" width="12" height="40" fill="#8a5a24"/>`;
  return gallery(
    '#8a4532, #6e3326',
    '#d8c4a8, #b59e80',
    `${frame(80, 90, 200, 160, ART.sea, '#2a1712', 14)}
    ${frame(80, 280, 200, 220, ART.portrait)}
    ${frame(320, 70, 300, 240, ART.landscape, '#fbf6ee', 16)}
    ${frame(320, 340, 140, 160, ART.stripes, '#2a1712', 12)}
    ${frame(490, 340, 130, 160, ART.bauhaus)}
    ${frame(660, 110, 150, 200, ART.abstract, '#2a1712', 14)}
    ${sculpture}`,
    [200, 470, 735, 950],
  );
}

/** Film reel seen face-on. */
function reel(cx: number, cy: number, R: number): string {
  let holes = '';
  for (let i = 0; i < 6; i++) {
    const a = (i * Math.PI) / 3 - Math.PI / 2;
    holes += `<circle cx="${cx + R * 0.55 * Math.cos(a)}" cy="${cy + R * 0.55 * Math.sin(a)}" r="${R * 0.22}"/>`;
  }
  return `<circle cx="${cx + 10}" cy="${cy + 14}" r="${R}" fill="#000" opacity="0.3"/>
    <circle cx="${cx}" cy="${cy}" r="${R}" fill="url(#reelMetal)"/>
    <circle cx="${cx}" cy="${cy}" r="${R * 0.94}" fill="none" stroke="#8a5a24" stroke-width="4"/>
    <g fill="#2b1b16">${holes}</g>
    <circle cx="${cx}" cy="${cy}" r="${R * 0.16}" fill="#8a5a24"/>
    <circle cx="${cx}" cy="${cy}" r="${R * 0.07}" fill="#2b1b16"/>`;
}

/** Film strip following y = f(x): frames with sprocket holes, rotated along the curve. */
function filmStrip(f: (x: number) => number, from: number, to: number, fills: string[]): string {
  const step = 110;
  let s = '';
  let i = 0;
  for (let x = from; x < to; i++) {
    const slope = (f(x + 1) - f(x - 1)) / 2;
    const angle = (Math.atan(slope) * 180) / Math.PI;
    s += `<g transform="translate(${x},${f(x)}) rotate(${angle.toFixed(1)})">
      <rect x="-56" y="-62" width="112" height="124" fill="#22140f"/>
      <rect x="-44" y="-38" width="88" height="76" rx="4" fill="${pick(fills, i)}"/>
      <g fill="#f3e2c6">${[-40, -20, 0, 20].map((hx) => `<rect x="${hx}" y="-56" width="12" height="10" rx="2"/><rect x="${hx}" y="46" width="12" height="10" rx="2"/>`).join('')}</g>
    </g>`;
    x += step / Math.sqrt(1 + slope * slope);
  }
  return s;
}

/** Two film reels, a projector beam and a wavy film strip. */
function cinemaReels(): string {
  const r = rng(71);
  let dust = '';
  for (let i = 0; i < 40; i++) {
    const x = 200 + r() * 1000;
    dust += `<circle cx="${x}" cy="${60 + (x / 1200) * 160 + (r() - 0.5) * (x / 1200) * 380}" r="${1 + r() * 2}" fill="#fff3d6" opacity="${0.3 + r() * 0.5}"/>`;
  }
  return doc(
    W,
    H,
    rad('bg', '#6e2a2c, #1a0a0c', 0.45, 0.45, 0.75) +
      lin('beam', '#fff0cf/0.55, #fff0cf/0', [0, 0, 1, 0]) +
      rad('reelMetal', `#f3d49a, ${BRAND} 70%, #8a5a24`, 0.4, 0.35, 0.8),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    <polygon points="0,40 0,110 1200,420 1200,-40" fill="url(#beam)"/>
    ${dust}
    ${reel(800, 200, 140)}
    ${filmStrip((x) => 470 + 90 * Math.sin((x - 380) / 260), 380, 1320, ['#f4c95d', '#e8846a', '#f7b267', '#8fb8c9'])}
    ${reel(420, 300, 210)}`,
  );
}

/** Clapperboard, popcorn and twinkles. */
function cinemaClapper(): string {
  const r = rng(81);
  const stripes = (w: number) => {
    let s = '';
    for (let x = -40; x < w + 40; x += 64) {
      s += `<polygon points="${x},0 ${x + 32},0 ${x + 12},56 ${x - 20},56" fill="${CREAM}"/>`;
    }
    return s;
  };
  let popcorn = '';
  for (let i = 0; i < 60; i++) {
    const a = r() * Math.PI;
    const d = Math.sqrt(r());
    const x = 880 - Math.cos(a) * 150 * d;
    const y = 336 - Math.sin(a) * 110 * d;
    popcorn += `<circle cx="${x}" cy="${y}" r="${20 + r() * 14}" fill="${pick(['#fff3d6', '#ffe7a8', '#fff8ea'], i)}" stroke="#e6c27a" stroke-width="3"/>`;
  }
  let bucket = '';
  for (let i = 0; i < 8; i++) {
    const t0 = i / 8;
    const t1 = (i + 1) / 8;
    const top = (t: number) => 740 + t * 280;
    const bot = (t: number) => 780 + t * 200;
    bucket += `<polygon points="${top(t0)},330 ${top(t1)},330 ${bot(t1)},640 ${bot(t0)},640" fill="${i % 2 ? CREAM : '#c8463d'}"/>`;
  }
  return doc(
    W,
    H,
    lin('bg', '#1f2a44, #5a3040 60%, #a8503a', [0, 0, 1, 1]) + rad('glow', '#ffcf8a/0.45, #ffcf8a/0'),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="640" cy="380" r="420" fill="url(#glow)"/>
    ${sparkles(82, 14, '#f4c95d')}
    <g transform="translate(170,250) rotate(-8)">
      <rect x="8" y="72" width="420" height="290" rx="10" fill="#000" opacity="0.3"/>
      <rect x="0" y="60" width="420" height="290" rx="10" fill="#24201e"/>
      <g stroke="${CREAM}" stroke-width="4" opacity="0.85"><line x1="20" y1="160" x2="400" y2="160"/><line x1="20" y1="250" x2="400" y2="250"/><line x1="210" y1="160" x2="210" y2="250"/><line x1="140" y1="250" x2="140" y2="330"/><line x1="280" y1="250" x2="280" y2="330"/></g>
      <g transform="translate(0,4)"><clipPath id="clapA"><rect width="420" height="56" rx="6"/></clipPath><rect width="420" height="56" rx="6" fill="#24201e"/><g clip-path="url(#clapA)">${stripes(420)}</g></g>
      <g transform="translate(0,0) rotate(-22)"><g transform="translate(0,-58)"><clipPath id="clapB"><rect width="420" height="56" rx="6"/></clipPath><rect width="420" height="56" rx="6" fill="#24201e"/><g clip-path="url(#clapB)">${stripes(420)}</g></g></g>
      <circle cx="14" cy="2" r="14" fill="${BRAND}"/>
    </g>
    <ellipse cx="880" cy="648" rx="120" ry="14" fill="#000" opacity="0.25"/>
    ${popcorn}
    ${bucket}
    <rect x="730" y="322" width="300" height="20" rx="6" fill="#a8362e"/>
    <g fill="#fff3d6" stroke="#e6c27a" stroke-width="3"><circle cx="1070" cy="560" r="18"/><circle cx="700" cy="600" r="16"/><circle cx="1100" cy="620" r="14"/></g>`,
  );
}

/** Confetti and two tilted tickets. */
function partyTickets(): string {
  return doc(
    W,
    H,
    lin('bg', '#fbd9a6, #f2a37a, #d9667a', [0, 0, 1, 1]),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${confetti(91, 110, ['#fff4e6', '#f4c95d', '#2f8f83', '#7a3b5c', BRAND_DARK, '#d9534f'])}
    <g transform="translate(690,370) rotate(9)">${ticket(520, 240, BRAND, CREAM, 92)}</g>
    <g transform="translate(520,300) rotate(-10)">${ticket(560, 250, CREAM, BRAND_DARK, 93)}</g>
    ${sparkles(94, 8, '#fff8ea')}`,
  );
}

/** Balloons and streamers. */
function partyBalloons(): string {
  const balloon = (x: number, y: number, c: string, sway: number) => `
    <path d="M${x},${y + 96} q${sway},60 0,120 t${sway},120" fill="none" stroke="${INK}" stroke-width="2.5" opacity="0.7"/>
    <ellipse cx="${x}" cy="${y}" rx="72" ry="90" fill="${c}"/>
    <polygon points="${x - 10},${y + 98} ${x + 10},${y + 98} ${x},${y + 86}" fill="${c}"/>
    <ellipse cx="${x - 26}" cy="${y - 34}" rx="16" ry="26" fill="#fff" opacity="0.35" transform="rotate(-20 ${x - 26} ${y - 34})"/>`;
  const streamer = (d: string, c: string) =>
    `<path d="${d}" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round"/>`;
  return doc(
    W,
    H,
    lin('bg', '#f6b26b, #b5484f', [0, 0, 0.6, 1]) + rad('glow', '#fff0cf/0.5, #fff0cf/0'),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="600" cy="330" r="380" fill="url(#glow)"/>
    ${streamer('M-20,80 C150,0 200,180 360,110 S560,20 700,90', '#f4c95d')}
    ${streamer('M500,-10 C620,120 760,20 860,120 S1080,60 1220,140', '#2f8f83')}
    ${streamer('M-20,200 C80,160 120,260 220,220', CREAM)}
    ${streamer('M1000,240 C1080,200 1140,300 1220,260', '#7a3b5c')}
    ${confetti(101, 60, [CREAM, '#f4c95d', '#2f8f83', '#7a3b5c'])}
    ${balloon(190, 330, '#f4c95d', 14)}${balloon(320, 250, '#2f8f83', -12)}${balloon(260, 430, CREAM, 10)}
    ${balloon(900, 260, BRAND, 12)}${balloon(1030, 350, '#7a3b5c', -14)}${balloon(920, 440, '#d9534f', 10)}
    <g transform="translate(600,390) rotate(-6)">${ticket(400, 185, CREAM, '#b5484f', 102)}</g>`,
  );
}

/** A fanned hand of tickets with twinkles on teal. */
function ticketFan(): string {
  const fills: [string, string][] = [
    ['#e8846a', CREAM],
    ['#f4c95d', INK],
    [BRAND, CREAM],
    [CREAM, BRAND_DARK],
  ];
  const fan = fills
    .map(([fill, accent], i) => {
      const a = -27 + i * 18;
      return `<g transform="translate(600,860) rotate(${a}) translate(0,-520) rotate(-90)">${ticket(420, 190, fill, accent, 110 + i)}</g>`;
    })
    .join('');
  return doc(
    W,
    H,
    rad('bg', '#3f8a82, #163a38', 0.5, 0.6, 0.8),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${sparkles(111, 22, '#f4c95d')}
    ${confetti(112, 30, ['#f4c95d', CREAM, '#e8846a'])}
    ${fan}`,
  );
}

/** General fallback: brand gradient with one big ticket. */
function generalDefault(): string {
  const r = rng(121);
  let circles = '';
  for (let i = 0; i < 9; i++) {
    circles += `<circle cx="${r() * W}" cy="${r() * H}" r="${80 + r() * 180}" fill="#fff" opacity="${0.05 + r() * 0.07}"/>`;
  }
  return doc(
    W,
    H,
    lin('bg', `#ecc9a0, ${BRAND}, #a06a34`, [0, 0, 1, 1]),
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${circles}
    ${confetti(122, 36, [CREAM, '#f4c95d', BRAND_DARK, '#fff'])}
    <g transform="translate(600,340) rotate(-8)">${ticket(600, 280, CREAM, BRAND_DARK, 123)}</g>
    ${sparkles(124, 8, '#fff8ea')}`,
  );
}

// ---------- Mascot, icons and logo ----------

function mascotSvg(): string {
  const body = ticketPath(180, 280, 24, 18, 96, true);
  return doc(
    400,
    400,
    lin('mBody', `#ecc79c, ${BRAND}, #b98049`, [0, 0, 1, 1]),
    `<ellipse cx="200" cy="376" rx="100" ry="12" fill="${INK}" opacity="0.15"/>
    <g stroke="${INK}" stroke-width="14" stroke-linecap="round" fill="none">
      <path d="M172,320 L166,356"/><path d="M228,320 L234,356"/>
      <path d="M116,220 Q70,196 78,136"/><path d="M284,232 Q330,250 326,294"/>
    </g>
    <g fill="${INK}"><ellipse cx="156" cy="364" rx="24" ry="12"/><ellipse cx="244" cy="364" rx="24" ry="12"/></g>
    <g fill="${CREAM}" stroke="${INK}" stroke-width="5"><circle cx="78" cy="128" r="17"/><circle cx="326" cy="300" r="17"/></g>
    <g transform="rotate(-4 200 190)">
      <path d="${body}" transform="translate(110,50)" fill="url(#mBody)" stroke="${BRAND_DARK}" stroke-width="6" stroke-linejoin="round"/>
      <line x1="136" y1="146" x2="264" y2="146" stroke="${BRAND_DARK}" stroke-width="4" stroke-dasharray="10 8" stroke-linecap="round"/>
      ${star(200, 98, 24, 10, CREAM)}
      <path d="M128,170 V290" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.35"/>
      <g fill="#fff"><ellipse cx="170" cy="218" rx="18" ry="22"/><ellipse cx="230" cy="218" rx="18" ry="22"/></g>
      <g fill="${INK}"><circle cx="174" cy="223" r="11"/><circle cx="234" cy="223" r="11"/></g>
      <g fill="#fff"><circle cx="178" cy="218" r="4"/><circle cx="238" cy="218" r="4"/></g>
      <path d="M154,186 Q170,176 184,184 M216,184 Q230,176 246,186" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>
      <g fill="#e8846a" opacity="0.6"><ellipse cx="146" cy="256" rx="15" ry="9"/><ellipse cx="254" cy="256" rx="15" ry="9"/></g>
      <path d="M170,252 Q200,300 230,252 Q200,262 170,252 Z" fill="${INK}"/>
      <ellipse cx="200" cy="276" rx="11" ry="6" fill="#e8846a"/>
    </g>`,
  );
}

/** Ticket glyph for icons, centred on (32, 32) in a 64x64 box. */
const ticketGlyph = (fill: string, line: string, outline?: string) => `<g transform="rotate(-20 32 32)">
  <path d="${ticketPath(56, 34, 6, 6, 39)}" transform="translate(4,15)" fill="${fill}"${outline ? ` stroke="${outline}" stroke-width="2" stroke-linejoin="round"` : ''}/>
  <line x1="43" y1="22" x2="43" y2="42" stroke="${line}" stroke-width="3" stroke-dasharray="3.5 3" stroke-linecap="round"/>
</g>`;

const faviconSvg = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ticketGlyph(BRAND, CREAM, BRAND_DARK)}</svg>`;

/** Opaque square app icon: brand background, cream ticket with a star (kept inside the maskable safe zone). */
const appIconSvg = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <defs>${lin('ibg', '#dcab74, #b9804a', [0, 0, 1, 1])}</defs>
  <rect width="64" height="64" fill="url(#ibg)"/>
  <g transform="translate(32 32) scale(0.72) translate(-32 -32)">${ticketGlyph(CREAM, BRAND)}
  <g transform="rotate(-20 32 32)">${star(23, 32, 7, 3, BRAND)}</g></g>
</svg>`;

const logoSvg = () => `<svg xmlns="http://www.w3.org/2000/svg" width="180" height="40" viewBox="0 0 180 40">
  <g transform="translate(2 2) scale(0.56)">${ticketGlyph(BRAND, CREAM)}</g>
  <text x="42" y="29" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="25" font-weight="800" fill="${INK}" textLength="134" lengthAdjust="spacingAndGlyphs">Lipputori</text>
</svg>`;

// ---------- Output ----------

async function save(rel: string, data: Buffer | string): Promise<void> {
  const file = join(out, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  console.log(`${rel.padEnd(40)} ${String(Buffer.byteLength(data)).padStart(7)} B`);
}

/** Render SVG to WebP, lowering quality until it fits the size budget. */
async function webp(rel: string, svg: string, w: number, h: number): Promise<void> {
  const png = await sharp(Buffer.from(svg)).resize(w, h).png().toBuffer();
  let buf = Buffer.alloc(0);
  for (let quality = 82; quality >= 40; quality -= 6) {
    buf = await sharp(png).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (buf.length <= MAX_WEBP_BYTES) break;
  }
  await save(rel, buf);
}

/** Opaque square PNG (app icons must not be transparent). */
async function png(rel: string, svg: string, size: number): Promise<void> {
  const image = sharp(Buffer.from(svg)).resize(size, size).flatten({ background: BRAND });
  await save(rel, await image.png({ compressionLevel: 9 }).toBuffer());
}

const events: [string, () => string][] = [
  [
    'festivaali/1',
    () =>
      festivalDay({
        sky: '#ffe2a8, #f7b267 55%, #f08a5d',
        far: '#e48a5a',
        near: '#c8643f',
        tents: [
          [CREAM, '#d9534f'],
          [CREAM, BRAND],
          [CREAM, '#2f8f83'],
        ],
        crowd: ['#6b3424', '#3b1f14'],
      }),
  ],
  ['festivaali/2', festivalDusk],
  ['konsertti/1', concert],
  ['konsertti/2', classical],
  ['konsertti/3', jazz],
  ['urheilu/1', stadium],
  ['urheilu/2', hockey],
  ['teatteri/1', theatre],
  ['teatteri/2', ballet],
  ['standup/1', standup],
  ['nayttely/1', exhibition1],
  ['nayttely/2', exhibition2],
  ['elokuva/1', cinemaReels],
  ['elokuva/2', cinemaClapper],
  ['muu/1', partyTickets],
  ['muu/2', partyBalloons],
  ['muu/3', ticketFan],
  ['default', generalDefault],
];

for (const [name, scene] of events) {
  await webp(`defaults/events/${name}.webp`, scene(), W, H);
}

// Softer, crowd-free festival scene for broken event images.
await webp(
  'images/festival-placeholder.webp',
  festivalDay({
    sky: '#fbecd6, #eec9a0',
    far: '#e3bf98',
    near: '#d6a878',
    tents: [
      [CREAM, '#dba27a'],
      [CREAM, BRAND],
      [CREAM, '#b98a5a'],
    ],
  }),
  800,
  450,
);

const mascot = mascotSvg();
await save('images/mascot.svg', mascot);
await webp('images/mascot.webp', mascot, 400, 400);
await save('images/logo.svg', logoSvg());
await save('favicon.svg', faviconSvg());
await png('apple-touch-icon.png', appIconSvg(180), 180);
await png('icons/icon-192.png', appIconSvg(192), 192);
await png('icons/icon-512.png', appIconSvg(512), 512);
