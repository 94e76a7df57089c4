import { formatRugSize } from '@knotwork/shared/constants/catalogue';

/** Search engines show about 160 characters of a description. */
export const DESCRIPTION_MAX = 160;

/** Collapses whitespace and drops simple Markdown marks, then cuts at a word boundary with an ellipsis. */
export function snippet(text: string, max = DESCRIPTION_MAX): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** A rug's description, else the facts a buyer looks for first: origin, age and size. */
export function rugDescription(rug: {
  description: string;
  originRegion: string;
  originCountry: string;
  circaYear: number | null;
  widthCm: number;
  lengthCm: number;
}): string {
  const facts = [
    rug.originRegion === rug.originCountry ? rug.originCountry : `${rug.originRegion}, ${rug.originCountry}`,
    rug.circaYear ? `circa ${rug.circaYear}` : null,
    formatRugSize(rug.widthCm, rug.lengthCm),
  ]
    .filter(Boolean)
    .join(' · ');
  return snippet(rug.description.trim() ? rug.description : facts);
}
