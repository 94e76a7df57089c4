import type { FaqGroup } from '@knotwork/shared/schemas/content';

/** Lower case without accents, so "resume" finds "résumé". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a search, folded; empty words dropped. */
export function searchTerms(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/**
 * Keeps the questions whose question or answer contains every word of the query (in any order), and
 * the groups that still have questions. An empty query keeps everything.
 */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const terms = searchTerms(query);
  if (terms.length === 0) return groups;
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((item) => {
        const haystack = foldText(`${item.question}\n${item.answer}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((g) => g.items.length > 0);
}

export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * Splits `text` into matching and plain runs for highlighting. Matching runs on the folded text, whose
 * length equals the original's for Latin letters with combining accents removed only when the original
 * was already composed; when lengths differ it falls back to an exact, case-insensitive match.
 */
export function splitMatches(text: string, terms: string[]): TextPart[] {
  if (terms.length === 0 || !text) return [{ text, match: false }];
  let folded = foldText(text);
  if (folded.length !== text.length) folded = text.toLowerCase();
  const marks = new Array<boolean>(text.length).fill(false);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      for (let i = at; i < at + term.length; i++) marks[i] = true;
    }
  }
  const parts: TextPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === marks[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: marks[i]! });
  }
  return parts;
}
