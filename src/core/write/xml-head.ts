import { XSI_NS } from '../rows/namespaces';
import { SITEMAP_NS } from '../rows/types';
import { escapeAttr } from './escape';
import { SITEMAP_XSL_NAME, stylesheetInstruction } from './xsl-stylesheet';

/** The XML declaration every exported file starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** What comes before a file's root element: the declaration, and the xml-stylesheet instruction with `stylesheet`. */
export function prolog(stylesheet: boolean): string {
  return XML_DECLARATION + (stylesheet ? stylesheetInstruction(SITEMAP_XSL_NAME) : '');
}

/** `xsi:schemaLocation` value for a urlset. */
export const URLSET_SCHEMA_LOCATION = SITEMAP_NS + ' http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd';

/** ` xmlns:xsi="…" xsi:schemaLocation="…"` for a root element. */
export function schemaLocationAttrs(location: string): string {
  return ' xmlns:xsi="' + XSI_NS + '" xsi:schemaLocation="' + escapeAttr(location) + '"';
}
