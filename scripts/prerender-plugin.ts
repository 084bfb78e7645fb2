import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';

/**
 * After the client build, builds src/client/prerender.tsx for Node into dist/prerender, so the
 * server can render the home page to HTML at start: a phone then paints the header and hero from
 * the first response instead of after ~200 KB of JavaScript.
 */
export function buildPrerendererPlugin(): Plugin {
  let root = '';
  return {
    name: 'lipputori-build-prerenderer',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        publicDir: false,
        // Bundled whole and in production mode, so its class names match the browser build's
        // whatever NODE_ENV the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/client/prerender.tsx',
          outDir: path.join(root, 'dist/prerender'),
          emptyOutDir: true,
        },
      });
    },
  };
}
