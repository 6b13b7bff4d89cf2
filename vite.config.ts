import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precachePlugin } from './src/sw/precache-plugin.js';

/*
 * The policy is injected into the built page only: the dev server's React
 * refresh preamble is an inline script and its HMR client opens a websocket,
 * both of which this policy forbids.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/*
 * `npm start` (vite preview) also sends the policy as a header, with what a
 * meta tag cannot carry: frame-ancestors, so no other site can frame the
 * editor (clickjacking). The built page keeps its meta tag for static hosts.
 */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

function contentSecurityPolicy(): Plugin {
  return {
    name: 'sitemap-editor:csp',
    apply: 'build',
    transformIndexHtml() {
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}

/** jsPDF's optional helpers, never called by the board's PDF (see src/ui/diagram/pdf-unused.ts). */
const PDF_UNUSED = fileURLToPath(new URL('./src/ui/diagram/pdf-unused.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { html2canvas: PDF_UNUSED, dompurify: PDF_UNUSED, canvg: PDF_UNUSED } },
  // The service worker that lets the editor open offline (built, with its precache list, in production builds only).
  plugins: [react(), contentSecurityPolicy(), precachePlugin({ source: 'src/sw/service-worker.ts' })],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  preview: { headers: { 'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER } },
});
