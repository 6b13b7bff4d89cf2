import { serveToken } from '../store/serve-client';

/**
 * Registers the service worker that keeps the editor usable offline (see
 * src/sw/service-worker.ts). Production builds only: `vite dev` serves
 * changing, unhashed modules that must never be answered from a cache, and
 * has no `sw.js`. Registered once the page has loaded, so that precaching
 * never competes with the first visit's own downloads. Not when
 * `sitemap-editor serve` served the page: its token is this start's, and a
 * cached page would carry a past one (serve has no sw.js).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || serveToken() !== null) return;
  const register = () => {
    const base = import.meta.env.BASE_URL;
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((err: unknown) => {
      // Not fatal: the editor works as before, only not offline. A warning, not an error (the page is fine).
      console.warn('Sitemap Editor will not work offline: the service worker could not be registered.', err);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
