/*
 * Limits of reading, shared by the table path (read/) and the streaming one
 * (stream/), so the two report a broken or nested file alike.
 */

/** A gzip inside a zip is fine; deeper nesting is not a sitemap bundle. */
export const MAX_NESTING = 2;

/** A broken file can hold thousands of defects; past this many, one summary line. */
export const MAX_MALFORMED_PER_FILE = 50;

/**
 * Extension (and unknown) elements nest a few levels in real sitemaps
 * (PageMap's DataObject/Attribute: three). libxml2, which xmllint, PHP, lxml
 * and most CMS tools read XML with, refuses a document deeper than 256
 * elements (without its XML_PARSE_HUGE option); `<urlset>` and `<url>` take
 * two. Deeper elements are not read (`ext-too-deep`): every file written
 * stays readable, and no path (check, save, compare, export) meets a deeper tree.
 */
export const MAX_EXT_DEPTH = 254;

/**
 * How every reader's defect about a file cut off starts ("the file ends
 * inside this <url>", "the file ends before </urlset>"): what was cut off
 * is lost, which no writing repairs (write/export-repairs.ts).
 */
export const FILE_ENDS = 'the file ends ';

/** How every reader's xml-malformed message starts. */
export const MALFORMED_PREFIX = 'Not well-formed XML: ';
