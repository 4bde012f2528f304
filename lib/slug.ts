/**
 * A URL slug from a title: lower case, Norwegian letters spelled out (æ → ae, ø → o, å → a), other
 * accents dropped, anything else between words a single dash. At most 80 characters.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A slug is lower-case letters and digits in dash-separated words. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
