import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const gateway = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The repository root holds React 18 for tap's reporter; the web app and the router must share web's React 19.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    proxy: {
      '/api': gateway,
      '/ws': { target: gateway, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
