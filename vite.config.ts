import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootAfterPaintPlugin } from './scripts/boot-after-paint-plugin.ts';
import { buildPrerendererPlugin } from './scripts/prerender-plugin.ts';

// The SPA is built into dist/client and served by the Fastify server (src/server/modules/site).
export default defineConfig({
  plugins: [react(), bootAfterPaintPlugin(), buildPrerendererPlugin()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // The server reads it to preload the ticket page's chunks (src/server/modules/site).
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk: left alone, rolldown splits out
        // the modules lazy pages share with it into ~15 small chunks, and every modulepreload
        // costs a phone ~5 ms while the page starts (docs/decisions/007).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
