import { foldAccents } from '../format/index.js';

/** Slug from a title (spec section 5): lowercased, punctuation removed, spaces to hyphens, at most 30 characters. */
export const SLUG_MAX_LENGTH = 30;

export function slugify(title: string): string {
  return foldAccents(title.replace(/œ/gi, 'oe').replace(/æ/gi, 'ae'))
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}
