import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is built into dist/client and served by the Fastify server (src/server/modules/site).
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
