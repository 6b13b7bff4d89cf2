/** Which way a sort goes. */
export type SortDirection = 'asc' | 'desc';
