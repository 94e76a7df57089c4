import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssets } from './build/compress-assets.ts';

// In development Vite serves the app on 5173 and proxies the API, media and live socket to the server.
export default defineConfig({
  plugins: [react(), compressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/media': 'http://127.0.0.1:3000',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // scripts/web-size.mjs reads it to measure what a route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs and what changes only with a dependency upgrade: a chunk of its own stays
            // cached across deploys of the app's code. Only libraries every first paint needs belong here; a
            // group that pulled in a page's components would grow every page's download.
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
