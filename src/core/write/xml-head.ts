import { XSI_NS } from '../rows/namespaces';
import { SITEMAP_NS } from '../rows/types';
import { escapeAttr } from './escape';

/** The XML declaration every exported file starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `xsi:schemaLocation` value for a urlset. */
export const URLSET_SCHEMA_LOCATION = SITEMAP_NS + ' http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd';

/** ` xmlns:xsi="…" xsi:schemaLocation="…"` for a root element. */
export function schemaLocationAttrs(location: string): string {
  return ' xmlns:xsi="' + XSI_NS + '" xsi:schemaLocation="' + escapeAttr(location) + '"';
}
