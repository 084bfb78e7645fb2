// Finds where an image has bars that are neither level nor upright: a 1D code printed or
// photographed at a tilt, which zxing does not read (it scans rows, and columns with tryRotate).
// Turning the whole page at several angles would cost more than the rest of the inspection; a
// tilted code is instead found by its edges: in a block of a barcode nearly every edge points the
// same way. Such blocks pointing the same way are grouped, and the caller turns only each group's
// area level. Text has edges in many directions in every block and is passed over.

/** RGBA pixels, four bytes a pixel, row by row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** An area holding bars at `angle` degrees (clockwise on the image) from upright. */
export interface TiltedArea {
  left: number;
  top: number;
  width: number;
  height: number;
  angle: number;
}

/** Pixels a block is wide and high: a few bars of the thinnest code at 200 dpi. */
const block = 16;
/**
 * Mean squared edge strength of a block with bars in it (a bar's edge is ~200 levels of grey; the
 * Sobel gradient used is four times a plain difference, so its square sixteen times).
 */
const minEdgeEnergy = 16 * 600;
/** How nearly all of a block's edges must point one way (1: all of them). */
const minCoherence = 0.75;
/** Bars within this many degrees of level or upright are read without turning. */
const readableTilt = 5;
/** Neighbouring blocks are one code when their angles differ by less than this. */
const sameCodeAngle = 12;
/** A code smaller than this many blocks is too small to hold a readable Code128. */
const minBlocks = 6;
/** Blank margin added around an area: a code needs its quiet zone to be read. */
const margin = 2 * block;

const degreesOf = (radians: number) => (radians * 180) / Math.PI;

/** Difference of two bar angles, which repeat every 180°. */
function angleBetween(first: number, second: number): number {
  const difference = Math.abs(first - second) % 180;
  return Math.min(difference, 180 - difference);
}

/**
 * The areas of `pixels` with tilted bars, the largest first. Each block's dominant edge direction
 * comes from its structure tensor (sums of gx², gy² and gx·gy of the grey level's gradient).
 */
export function findTiltedAreas(pixels: Pixels): TiltedArea[] {
  const { data, width, height } = pixels;
  const columns = Math.floor(width / block);
  const rows = Math.floor(height / block);
  if (columns < 2 || rows < 2) return [];
  const xx = new Float64Array(columns * rows);
  const yy = new Float64Array(columns * rows);
  const xy = new Float64Array(columns * rows);
  // The green channel stands for the grey level (dark bars are dark in every channel); every
  // other pixel of every other row is enough for a block's sums and quarters the cost. Sobel's gradient, smoothed across
  // its direction: a plain difference sees only level and upright steps on hard-edged (1-bit)
  // bars, which then look like no direction at all.
  const rowBytes = width * 4;
  for (let y = 1; y < rows * block - 1; y += 2) {
    const rowOfBlocks = Math.floor(y / block) * columns;
    let at = y * rowBytes + 4 + 1;
    for (let x = 1; x < columns * block - 1; x += 2, at += 8) {
      const gx =
        2 * ((data[at + 4] as number) - (data[at - 4] as number)) +
        (data[at + 4 - rowBytes] as number) -
        (data[at - 4 - rowBytes] as number) +
        (data[at + 4 + rowBytes] as number) -
        (data[at - 4 + rowBytes] as number);
      const gy =
        2 * ((data[at + rowBytes] as number) - (data[at - rowBytes] as number)) +
        (data[at + rowBytes - 4] as number) -
        (data[at - rowBytes - 4] as number) +
        (data[at + rowBytes + 4] as number) -
        (data[at - rowBytes + 4] as number);
      if (gx === 0 && gy === 0) continue;
      const cell = rowOfBlocks + ((x / block) | 0);
      xx[cell] = (xx[cell] as number) + gx * gx;
      yy[cell] = (yy[cell] as number) + gy * gy;
      xy[cell] = (xy[cell] as number) + gx * gy;
    }
  }

  // The angle of each block with bars in it, NaN for the others.
  const angles = new Float64Array(columns * rows).fill(Number.NaN);
  for (let at = 0; at < angles.length; at++) {
    const sxx = xx[at] as number;
    const syy = yy[at] as number;
    const sxy = xy[at] as number;
    const energy = sxx + syy;
    if (energy / ((block * block) / 4) < minEdgeEnergy) continue;
    if (Math.hypot(sxx - syy, 2 * sxy) / energy < minCoherence) continue;
    // The edges' direction; bars across a level line have edges pointing along it (angle 0).
    const angle = degreesOf(0.5 * Math.atan2(2 * sxy, sxx - syy));
    if (angleBetween(angle, 0) < readableTilt || angleBetween(angle, 90) < readableTilt) continue;
    angles[at] = angle;
  }

  const areas: (TiltedArea & { blocks: number })[] = [];
  const seen = new Uint8Array(angles.length);
  for (let start = 0; start < angles.length; start++) {
    const startAngle = angles[start] as number;
    if (seen[start] || Number.isNaN(startAngle)) continue;
    // Neighbouring blocks (diagonals too) at about the same angle form one code.
    const stack = [start];
    seen[start] = 1;
    let [left, right, top, bottom] = [columns, -1, rows, -1];
    let count = 0;
    // The mean of angles that repeat every 180°: average the doubled angle as a vector.
    let sumCos = 0;
    let sumSin = 0;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const column = at % columns;
      const row = Math.floor(at / columns);
      const angle = angles[at] as number;
      count++;
      sumCos += Math.cos((angle * Math.PI) / 90);
      sumSin += Math.sin((angle * Math.PI) / 90);
      left = Math.min(left, column);
      right = Math.max(right, column);
      top = Math.min(top, row);
      bottom = Math.max(bottom, row);
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const c = column + dx;
          const r = row + dy;
          if (c < 0 || r < 0 || c >= columns || r >= rows) continue;
          const next = r * columns + c;
          const nextAngle = angles[next] as number;
          if (seen[next] || Number.isNaN(nextAngle) || angleBetween(angle, nextAngle) >= sameCodeAngle)
            continue;
          seen[next] = 1;
          stack.push(next);
        }
    }
    if (count < minBlocks) continue;
    const x0 = Math.max(0, left * block - margin);
    const y0 = Math.max(0, top * block - margin);
    const x1 = Math.min(width, (right + 1) * block + margin);
    const y1 = Math.min(height, (bottom + 1) * block + margin);
    areas.push({
      left: x0,
      top: y0,
      width: x1 - x0,
      height: y1 - y0,
      angle: degreesOf(Math.atan2(sumSin, sumCos)) / 2,
      blocks: count,
    });
  }
  return areas.sort((a, b) => b.blocks - a.blocks).map(({ blocks: _blocks, ...area }) => area);
}
