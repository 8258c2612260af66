import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// react-router's package exports name only its development build, whatever the condition; the
// production build beside it differs only in leaving out the developer warnings.
const reactRouterProduction = fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'src/web',
  plugins: [
    react(),
    // The manifest and the service worker (src/web/sw.ts) that open the work screen without a
    // network (docs/DECISIONS.md#offline-presses-and-the-app). The page itself is not precached: the
    // server writes the session's CSRF token into it.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: '工数',
        short_name: '工数',
        description: '作業時間と製造原価の記録',
        lang: 'ja',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // 分析 and its charts are an office screen, several times the work screen's size: a tablet's
      // service worker would fetch them at install for nothing, and a worker's first offline press
      // would wait behind that download. So is ラベル印刷 with bwip-js (about 190 kB, 8 times the
      // work screen), printed at a desk with a network, and スキャン's decoder (zxing-wasm, its .wasm
      // near 1 MB), which only a tablet without BarcodeDetector fetches, on its first press of スキャン.
      injectManifest: {
        globPatterns: ['**/*.{js,css,woff2,png}'],
        globIgnores: ['**/AnalyticsPage-*', '**/analytics-*', '**/SlipLabelPage-*', '**/zxing-decoder-*', '**/zxing_reader-*'],
      },
    }),
  ],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
