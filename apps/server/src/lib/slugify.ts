/** A URL slug from any text: accents folded, lower case, words joined by single hyphens; `fallback` when nothing is left. */
export function slugify(text: string, fallback: string, maxLength = 80): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug || fallback;
}
