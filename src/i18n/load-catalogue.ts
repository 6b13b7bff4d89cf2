import en from './catalogues/en.json';
import type { Language } from './languages';
import type { Catalogue } from './translator';

/**
 * The page's catalogue of one language: English is in the page's own chunk,
 * the others are loaded when chosen (each its own chunk, precompiled by
 * precompile-plugin.ts and precached for offline use like every chunk).
 */
export async function loadCatalogue(lang: Language): Promise<Catalogue> {
  switch (lang) {
    case 'en':
      return en;
    case 'tr':
      return (await import('./catalogues/tr.json')).default;
    case 'sr':
      return (await import('./catalogues/sr.json')).default;
    case 'sr-Cyrl':
      return (await import('./catalogues/sr-Cyrl.json')).default;
  }
}
