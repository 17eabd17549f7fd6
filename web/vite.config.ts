import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The single-page app: built into web/dist, which the backend serves at `/` (src/http/routes/web/spa.ts).
// `npx vite --config web/vite.config.ts` is a dev server proxying the backend on :8080.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: Object.fromEntries(['/api', '/v1', '/oauth', '/calendar', '/.well-known'].map((p) => [p, 'http://localhost:8080'])),
  },
});
