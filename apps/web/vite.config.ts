import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev -w @planning/web` runs from apps/web, so paths here are relative to it.
export default defineConfig({
  plugins: [react()],
  server: {
    // The API server (apps/server) on its default port; the browser sees one origin.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
