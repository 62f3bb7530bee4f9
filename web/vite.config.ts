import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { uniquePageNames } from './build/page-names.ts';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), uniquePageNames(path.resolve(import.meta.dirname, 'src/pages')), precompress()],
  server: {
    port: 5173,
    proxy: { '/designerapi': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The manifest maps each page to its chunks: the bundle budget test reads it.
    manifest: true,
    chunkSizeWarningLimit: 500,
  },
});
