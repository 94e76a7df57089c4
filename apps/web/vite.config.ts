import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';
import { preloadFont } from './build/preload-font.ts';

// React Router publishes a production build beside its default one but selects it by no export condition: the client
// build points at it (no development warnings in what phones download). The SSR build keeps the default.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// In development Vite serves the app on 5173 and proxies the API, media and live socket to the server.
export default defineConfig(({ isSsrBuild, mode }) => ({
  // The SSR build (src/entry-server.tsx -> dist-ssr, docs/decisions/057-server-rendering.md) is read by the
  // server from disk, never sent: nothing to compress, and every library bundled in so Node resolves nothing.
  plugins: isSsrBuild ? [react()] : [react(), preloadFont(), compressAssets()],
  ssr: { noExternal: true },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(isSsrBuild || mode !== 'production'
        ? []
        : [{ find: /^react-router$/, replacement: reactRouterProduction }]),
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/media': 'http://127.0.0.1:3000',
    },
  },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        sourcemap: true,
        chunkSizeWarningLimit: 900,
        // scripts/web-size.mjs reads it to measure what a route loads.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What every page runs and what changes only with a dependency upgrade (React, React
                // Router): a chunk of its own stays cached across deploys of the app's code. Only libraries every
                // first paint needs belong here; a group that pulled in a page's components would grow every page's
                // download.
                {
                  name: 'react',
                  test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/,
                },
                // Everything else the entry imports statically runs on every first paint anyway: one chunk instead of
                // some seventy small ones, each compressed on its own and each a request (issue 9).
                { name: 'app', tags: ['$initial'] },
              ],
            },
          },
        },
      },
}));
