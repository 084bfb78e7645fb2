import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { readBuildManifest, staticChunkFiles } from '../src/server/modules/site/build-manifest.ts';

/**
 * The first paint comes from the HTML the server prerenders (src/client/prerender.tsx), so the
 * app's ~200 KB of JavaScript is not needed for it. After the client build, index.html loads a
 * small boot script instead of the app: it waits for the prerendered page's first paint, then
 * preloads the app's chunks (and the opening page's, listed by the server) and starts it. On a
 * slow phone the page shows without competing with the download.
 *
 * The app's chunks are evaluated one per task, each after the chunks it imports (vite.config.ts
 * groups them): a module graph imported at once is evaluated in one task, and the whole app's was
 * the start's longest (docs/decisions/008). Between the tasks the browser can paint and answer a
 * tap. Taps on buttons before the app is live are kept for it (the last one).
 */
export function bootAfterPaintPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'lipputori-boot-after-paint',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const indexFile = path.join(outDir, 'index.html');
      const html = readFileSync(indexFile, 'utf8');
      const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
      if (!entry?.[1]) throw new Error('index.html has no module script to boot');
      const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
      const manifest = readBuildManifest(outDir);
      if (!manifest) throw new Error('the build wrote no manifest (build.manifest in vite.config.ts)');
      const appChunks = staticChunkFiles(manifest, 'index.html');
      if (appChunks.at(-1) !== entry[1]) throw new Error('the build manifest does not end with the entry');
      const boot = `// Starts the app once the prerendered page has painted (scripts/boot-after-paint-plugin.ts).
const appChunks = ${JSON.stringify(appChunks)};
// A message to ourselves: a task of its own, which unlike a timer is not slowed down in a background tab.
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });
let started = false;
const start = async () => {
  if (started) return;
  started = true;
  // The app's chunks, and those of the page being opened that the server lists in #page-chunks.
  const pageChunks = JSON.parse(document.getElementById('page-chunks')?.textContent || '[]');
  const links = document.createDocumentFragment();
  for (const href of new Set([...appChunks, ...pageChunks])) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  // One chunk a task, its imports evaluated before it; the last one is the app's entry, which
  // starts the app. A chunk that fails to load fails the entry's import too, which reports it.
  for (const chunk of appChunks.slice(0, -1)) {
    await import(chunk).catch(() => undefined);
    await nextTask();
  }
  import(appChunks.at(-1));
};
// A tap on a button of the first paint before the app is live would do nothing (links and the
// search form work as plain HTML). It is kept and given to the app once the app has the page: the
// same button when the app hydrated the server's page, else the one with the same text. A button
// with data-closes names what it closes: that goes at once, so the tap is seen to take.
const html = document.documentElement;
let earlyTap = null;
const keepEarlyTap = (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || html.dataset.live) return;
  event.preventDefault();
  event.stopPropagation();
  earlyTap = { button, text: button.textContent };
  const closes = button.dataset.closes && document.getElementById(button.dataset.closes);
  if (closes) closes.style.display = 'none';
};
document.addEventListener('click', keepEarlyTap, true);
new MutationObserver((_, observer) => {
  if (!html.dataset.live) return;
  observer.disconnect();
  document.removeEventListener('click', keepEarlyTap, true);
  if (!earlyTap) return;
  const sameText = [...document.querySelectorAll('button')].filter((b) => b.textContent === earlyTap.text);
  const button = earlyTap.button.isConnected ? earlyTap.button : sameText.length === 1 ? sameText[0] : null;
  button?.click();
}).observe(html, { attributes: true, attributeFilter: ['data-live'] });
// A hidden tab paints nothing, and some browsers cannot say when they painted: start at once.
if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  start();
} else {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 1000);
}
`;
      const bootFile = `/assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
      writeFileSync(path.join(outDir, bootFile), boot);
      let booted = html.replace(entry[0], `<script type="module" src="${bootFile}"></script>\n    `);
      for (const preload of preloads) booted = booted.replace(preload[0], '');
      writeFileSync(indexFile, booted);
    },
  };
}
