import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootAfterPaintPlugin } from './scripts/boot-after-paint-plugin.ts';
import { buildPrerendererPlugin } from './scripts/prerender-plugin.ts';

// The SPA is built into dist/client and served by the Fastify server (src/server/modules/site).
export default defineConfig({
  plugins: [react(), bootAfterPaintPlugin(), buildPrerendererPlugin()],
  publicDir: 'public',
  resolve: {
    // zod with its JIT off, so it never trips the CSP (src/client/lib/zod-jitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/client/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
    // emotion's hoist-non-react-statics asks for react-is 16, MUI for 19: one copy serves both
    // (hoisting statics reads only ForwardRef, Memo and isMemo, the same in both).
    dedupe: ['react-is'],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The server reads it to preload the ticket page's chunks (src/server/modules/site).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the entry imports statically goes into a few chunks that the boot script evaluates
        // one per task, dependencies first (scripts/boot-after-paint-plugin.ts): evaluated as one
        // chunk, the ~570 KB of code was the start's longest task, 35–80 ms on this machine and
        // four times that on Lighthouse's phone (docs/decisions/008). Only first-load modules
        // ($initial) go into these groups, so lazy pages keep their own code; left alone, rolldown
        // would split the modules they share with the entry into ~15 small chunks (decision 007).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            {
              name: 'styles',
              test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming|material[\\/]styles)|@emotion|stylis)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'mui', test: /node_modules[\\/]@mui[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
