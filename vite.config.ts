import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { securityHeadersPlugin } from './src/build/security-headers.js';
import { precompileCataloguesPlugin } from './src/i18n/precompile-plugin.js';
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
  /*
   * Open URL on a static host: the browser fetches the sitemaps itself, from
   * any site that allows it (CORS), so any http(s) origin may be read. What
   * stops injected code is script-src 'self' (no inline or foreign script
   * runs), not connect-src; an https page still cannot read http (mixed
   * content). `sitemap-editor serve` needs only 'self'.
   */
  "connect-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/*
 * As a header the policy also carries what a meta tag cannot: frame-ancestors,
 * so no other site can frame the editor (clickjacking). The built page keeps
 * its meta tag for hosts that send no header.
 */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;

/*
 * The one set of security headers: `npm start` (vite preview) sends them, and
 * the build writes them for static hosts as dist/_headers (Netlify, Cloudflare
 * Pages) and as nginx and Apache snippets (src/build/security-headers.ts).
 */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY_HEADER,
  // Older browsers' frame-ancestors.
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // No URL of the user's leaks in a Referer (Open URL's fetches of other sites send none either).
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

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
  plugins: [
    react(),
    precompileCataloguesPlugin(),
    contentSecurityPolicy(),
    precachePlugin({ source: 'src/sw/service-worker.ts' }),
    securityHeadersPlugin(SECURITY_HEADERS),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022' },
  preview: { headers: SECURITY_HEADERS },
});
