import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../src/constants/languages.ts';
import { messageCatalogue } from '../../src/messages/catalogue.ts';

/**
 * The translation files (issue 9): every French and Arabic file holds exactly the keys of its English file, with
 * the plural forms its language needs instead of English's _one/_other, no empty text, and the same
 * placeholders and <0>…</0> tags. Covers the web's namespaces and the server's e-mail texts.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WEB_LOCALES = path.join(ROOT, 'apps/web/public/locales');
const MAIL_LOCALES = path.join(ROOT, 'apps/server/src/modules/mail/locales');
const OTHER_LANGUAGES = SUPPORTED_LANGUAGES.filter((l) => l !== 'en');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const readJson = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
const pluralSuffixes = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((c) => `_${c}`);
const EN_PLURAL = /_(one|other)$/;

/** The keys a language's file must hold, given the English keys: each English plural pair becomes that language's forms. */
function expectedKeys(enKeys: Iterable<string>, language: string): Set<string> {
  const keys = new Set<string>();
  for (const key of enKeys) {
    if (EN_PLURAL.test(key))
      for (const suffix of pluralSuffixes(language)) keys.add(key.replace(EN_PLURAL, suffix));
    else keys.add(key);
  }
  return keys;
}

/** "{{amount}}", "{{count, number}}" and "<0>", "</0>", "<1/>" markers, sorted, with duplicates kept apart. */
const markers = (text: string) => [...new Set(text.match(/\{\{[^}]+\}\}|<\/?\d+\/?>/g) ?? [])].sort();

/** The English text a translated key answers to (a plural form answers to the English _other form). */
function englishFor(en: Map<string, string>, key: string): string | undefined {
  if (en.has(key)) return en.get(key);
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  return en.get(`${base}_other`);
}

/** Each English file and where its translation into a language lives: the web's {lng}/{ns}.json and the mails' {lng}.json. */
const files: Array<{ label: string; en: string; in: (language: string) => string }> = [
  ...(existsSync(path.join(WEB_LOCALES, 'en')) ? readdirSync(path.join(WEB_LOCALES, 'en')) : [])
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      label: `web/${f}`,
      en: path.join(WEB_LOCALES, 'en', f),
      in: (l: string) => path.join(WEB_LOCALES, l, f),
    })),
  {
    label: 'mail',
    en: path.join(MAIL_LOCALES, 'en.json'),
    in: (l: string) => path.join(MAIL_LOCALES, `${l}.json`),
  },
];

describe('translation files', () => {
  it('finds the English files of the web and of the e-mails', () => {
    expect(files.map((f) => f.label)).toContain('web/common.json');
    expect(files.every((f) => existsSync(f.en))).toBe(true);
  });

  for (const file of files) {
    for (const language of OTHER_LANGUAGES) {
      const label = `${path.relative(ROOT, file.in(language))}`;
      it(`${label}: same keys as English, no empty text, same placeholders`, () => {
        const target = file.in(language);
        expect(existsSync(target), `${label} is missing`).toBe(true);
        const en = readJson(file.en);
        const translated = readJson(target);
        const wanted = expectedKeys(en.keys(), language);
        expect(
          [...wanted].filter((k) => !translated.has(k)),
          'keys missing',
        ).toEqual([]);
        expect(
          [...translated.keys()].filter((k) => !wanted.has(k)),
          'keys English does not have',
        ).toEqual([]);
        expect(
          [...translated].filter(([, v]) => v.trim() === '').map(([k]) => k),
          'empty texts',
        ).toEqual([]);
        const mismatched = [...translated].filter(([key, value]) => {
          const english = englishFor(en, key);
          if (english === undefined) return false;
          const want = markers(english);
          const got = markers(value);
          // A plural form may name its number in words ("إشعار واحد"), so {{count}} may be left out there.
          const plural = /_(zero|one|two|few|many|other)$/.test(key);
          const relevantWant = plural ? want.filter((m) => m !== '{{count}}') : want;
          const relevantGot = plural ? got.filter((m) => m !== '{{count}}') : got;
          return relevantWant.join(' ') !== relevantGot.join(' ');
        });
        expect(
          mismatched.map(([k]) => k),
          'placeholders or tags differ from English',
        ).toEqual([]);
      });
    }
  }
});

describe('validation namespace', () => {
  it('holds the shared messages word for word in English', () => {
    const en = readJson(path.join(ROOT, 'apps/web/public/locales/en/validation.json'));
    const expected = flatten(messageCatalogue);
    expect(Object.fromEntries(en)).toEqual(Object.fromEntries(expected));
  });
});
