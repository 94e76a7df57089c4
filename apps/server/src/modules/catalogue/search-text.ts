/**
 * Folds text exactly as the SQL function knotwork_fold (migration 0003) does, so a query typed with or without
 * accents ("hériz", "heriz") meets the stored vector. Anything the SQL table does not cover is stripped by NFD.
 */
export function foldSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/[łľ]/g, 'l')
    .replace(/ø/g, 'o');
}

/** At most this many words reach the tsquery; a search box needs no more. */
const MAX_TERMS = 8;

/**
 * A last word shorter than this is matched whole, not as a prefix: 'a:*' would match most of the catalogue (every
 * "antique", "afghan", ...) and cost a scan of it, while one letter says nothing about what the visitor wants yet.
 */
export const MIN_PREFIX_LENGTH = 2;

/**
 * A to_tsquery('simple', ...) string for what a visitor typed: every word must match, the last one (2+ characters) as a prefix
 * ("antique her" finds "Antique Heriz"). Only letters and digits survive, so the result cannot carry tsquery
 * operators. Null when nothing searchable is left.
 */
export function toPrefixTsQuery(q: string): string | null {
  const words = foldSearchText(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  return words
    .map((w, i) => (i === words.length - 1 && [...w].length >= MIN_PREFIX_LENGTH ? `${w}:*` : w))
    .join(' & ');
}
