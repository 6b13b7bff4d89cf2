/*
 * Limits of reading, shared by the table path (read/) and the streaming one
 * (stream/), so the two report a broken or nested file alike.
 */

/** A gzip inside a zip is fine; deeper nesting is not a sitemap bundle. */
export const MAX_NESTING = 2;

/** A broken file can hold thousands of defects; past this many, one summary line. */
export const MAX_MALFORMED_PER_FILE = 50;
