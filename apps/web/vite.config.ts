import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { createChunkGroups } from './build/chunkGroups.ts';

// React, MapLibre and the icons: a file each, whatever page loads them.
const OWN_FILES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|maplibre-gl|@ant-design[\\/]icons(-svg)?)[\\/]/;
const groupOf = createChunkGroups(OWN_FILES);

// `npm run dev -w @planning/web` runs from apps/web, so paths here are relative to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // The API server (apps/server) on its default port; the browser sees one origin.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads which CSS the public document pages need, to draw their first screen.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, apart and stable, so a deploy that changes a screen keeps it cached.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 5,
            },
            // Only the map screen loads it.
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/, priority: 5 },
            // The icons every screen picks from: one small file rather than a request per icon.
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 4 },
            // What a page always loads together, one file each (build/chunkGroups.ts).
            { name: groupOf('app'), priority: 3 },
            { name: groupOf('layout'), priority: 2 },
            { name: groupOf('site-search'), priority: 1 },
          ],
        },
      },
    },
  },
});
