/**
 * The groups of URL fields a user chooses from. News has none: every child of
 * `<news:news>` in its schema is a name, a code, a date or text.
 */
export type UrlFieldGroup = 'loc' | 'image' | 'video' | 'hreflang';

export const URL_FIELD_GROUPS: readonly UrlFieldGroup[] = ['loc', 'image', 'video', 'hreflang'];
