/*
 * The rules of sitemap indexes: at most 50,000 sitemaps, no index in an
 * index, and the children it lists (read/resolve-index.ts finds them).
 */
import type { FileRule } from '../rule';

export const TOO_MANY_SITEMAPS = {
  code: 'too-many-sitemaps',
  severity: 'error',
  scope: 'file',
  title: 'A sitemap index with more than 50,000 entries',
  searchConsole: 'Too many sitemaps',
  fix: 'Split the index',
  fixedBy: 'export',
} as const satisfies FileRule;

export const NESTED_INDEX = {
  code: 'nested-index',
  severity: 'error',
  scope: 'file',
  title: 'A sitemap index lists another index',
  searchConsole: 'Nested indexes',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const INDEX_CHILD_MISSING = {
  code: 'index-child-missing',
  severity: 'info',
  scope: 'file',
  title: 'A sitemap listed in the index was not imported',
  searchConsole: '',
  fix: '',
  fixedBy: 'none',
} as const satisfies FileRule;

export const INDEX_RULES = [TOO_MANY_SITEMAPS, NESTED_INDEX, INDEX_CHILD_MISSING] as const;
