/**
 * Free text (names, remittance information) as a SEPA credit transfer may carry it. The EPC rulebook guarantees
 * only the Latin character set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. Banks that receive anything else may
 * reject the file or garble the name, and the payee's bank compares the name with its account holder (Verification
 * of Payee), so we transliterate what we can rather than send characters that may not arrive:
 * - accented Latin letters lose their accents through Unicode decomposition (é -> e, Å -> A, ç -> c);
 * - Latin letters that do not decompose follow the usual spelling (ß -> ss, æ -> ae, ø -> o, ł -> l, þ -> th);
 * - common signs become their nearest allowed spelling (& -> +, curly quotes -> ', dashes and _ -> -, ; -> ,,
 *   × -> x, € -> EUR);
 * - every run of anything else (Arabic, Cyrillic, Chinese, emoji, symbols) becomes one '?', so the file stays
 *   valid and the reader can see that something was left out: 'محمد Al-Farsi' -> '? Al-Farsi'.
 * A name wholly in another script comes out as '?': the file still goes, and the payee's bank, which routes by
 * IBAN, reports a name mismatch rather than refusing. Asking the consignor for the account holder's name as their
 * bank spells it is better; isSepaRepresentable lets a form or the staff screen do that before the export.
 */

/** Letters and signs that Unicode decomposition does not bring into the set. */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŀ: 'l',
  Ŀ: 'L',
  '&': '+',
  // Rug sizes and lot numbers: 200 × 300 cm, n° 7, 1,200 €.
  '×': 'x',
  '°': 'o',
  '€': 'EUR',
  '£': 'GBP',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '`': "'",
  '´': "'",
  '"': "'",
  '“': "'",
  '”': "'",
  '„': "'",
  '«': "'",
  '»': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  _: '-',
  ';': ',',
  '!': '.',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
};

const ALLOWED = /[A-Za-z0-9/\-?:().,'+ ]/;

/** One character (code point) in the SEPA set, or null when it has none. */
function transliterate(char: string): string | null {
  if (ALLOWED.test(char)) return char;
  if (/\s/.test(char)) return ' ';
  const spelled = SPELLED[char];
  if (spelled !== undefined) return spelled;
  // NFKD splits é into e and a combining accent, and ﬁ into fi; keep the result only if nothing else is left.
  const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return bare !== '' && [...bare].every((c) => ALLOWED.test(c)) ? bare : null;
}

/**
 * `value` in the SEPA Latin set, spaces collapsed, cut to `maxLength` characters (after transliteration, which
 * can lengthen: ß -> ss). May be empty.
 */
export function toSepaText(value: string, maxLength: number): string {
  let out = '';
  let inUnknownRun = false;
  for (const char of value.normalize('NFC')) {
    const latin = transliterate(char);
    if (latin === null) {
      if (!inUnknownRun) out += '?';
      inUnknownRun = true;
    } else {
      out += latin;
      inUnknownRun = false;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim().slice(0, maxLength).trimEnd();
}

/**
 * True when `value` goes into a SEPA file with no character replaced by '?' (accents may still be dropped): for a
 * form or the staff screen to ask for a Latin spelling before the export does it silently.
 */
export function isSepaRepresentable(value: string): boolean {
  return [...value.normalize('NFC')].every((char) => transliterate(char) !== null);
}
