import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchVocabulary,
  matchVocabularyList,
  normaliseLabel,
  VOCABULARY_AR,
  VOCABULARY_EN,
  VOCABULARY_FIELDS,
  VOCABULARY_FR,
  VOCABULARY_SYNONYMS,
  type VocabularyField,
} from '../../src/constants/vocabulary-match.ts';

const locale = (lang: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../../../../apps/web/public/locales/${lang}/catalogue.json`, import.meta.url),
      'utf8',
    ),
  ) as { vocab: Record<VocabularyField, Record<string, string>> };

/** Every (field, code, label) the site shows, in every language. */
const labelled = VOCABULARY_FIELDS.flatMap((field) =>
  [VOCABULARY_EN, VOCABULARY_FR, VOCABULARY_AR].flatMap((labels) =>
    Object.entries(labels[field]).map(([code, label]) => ({ field, code, label })),
  ),
);
const coded = VOCABULARY_FIELDS.flatMap((field) =>
  Object.keys(VOCABULARY_EN[field]).map((code) => ({ field, code })),
);

/** The same text as a person might type it: random case, spaces around and between words, accents dropped or kept. */
const retyped = (text: string) =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }),
      before: fc.constantFrom('', ' ', '  ', '\t'),
      after: fc.constantFrom('', ' ', '   '),
      gap: fc.constantFrom(' ', '  ', ' \u00a0'),
      stripAccents: fc.boolean(),
    })
    .map(({ upper, before, after, gap, stripAccents }) => {
      let s = [...text].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join('');
      if (stripAccents) s = s.normalize('NFD').replace(/\p{M}/gu, '');
      return before + s.split(' ').join(gap) + after;
    });

describe('catalogue vocabulary as people type it (issue 24)', () => {
  it("holds the web's own labels in French and Arabic, and the shared English ones", () => {
    for (const [lang, labels] of [
      ['en', VOCABULARY_EN],
      ['fr', VOCABULARY_FR],
      ['ar', VOCABULARY_AR],
    ] as const) {
      const vocab = locale(lang).vocab;
      for (const field of VOCABULARY_FIELDS) expect(labels[field], `${lang} ${field}`).toEqual(vocab[field]);
    }
  });

  it('reads every code, and every label in en, fr and ar however it is cased and spaced, with or without accents', () => {
    for (const { field, code } of coded) expect(matchVocabulary(field, code)).toBe(code);
    fc.assert(
      fc.property(
        fc.constantFrom(...labelled).chain((l) => retyped(l.label).map((typed) => ({ ...l, typed }))),
        ({ field, code, typed }) => matchVocabulary(field, typed) === code,
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the examples of the issue and common synonyms', () => {
    expect(matchVocabulary('conditionGrades', 'Very good')).toBe('veryGood');
    expect(matchVocabulary('conditionGrades', 'Très bon')).toBe('veryGood');
    expect(matchVocabulary('conditionGrades', 'TRES  BON')).toBe('veryGood');
    expect(matchVocabulary('conditionGrades', 'v good')).toBe('veryGood');
    expect(matchVocabulary('conditionGrades', 'V. Good')).toBe('veryGood');
    expect(matchVocabulary('conditionGrades', 'جيدة جدا')).toBe('veryGood');
    expect(matchVocabulary('styles', 'Caucasian')).toBe('caucasian');
    expect(matchVocabulary('styles', 'caucasien')).toBe('caucasian');
    expect(matchVocabulary('styles', 'قوقازي')).toBe('caucasian');
    expect(matchVocabulary('ageClasses', 'Antique')).toBe('antique');
    expect(matchVocabulary('ageClasses', 'semi-antique')).toBe('vintage');
    expect(matchVocabulary('knotTypes', 'Turkish')).toBe('symmetric');
    expect(matchVocabulary('knotTypes', 'Senneh')).toBe('asymmetric');
    expect(matchVocabulary('knotTypes', 'kilim')).toBe('flatweave');
    expect(matchVocabulary('colours', 'gray')).toBe('grey');
    expect(matchVocabulary('shapes', 'Galerie')).toBe('runner');
    expect(matchVocabulary('materials', 'Wool')).toBe('wool');
    expect(matchVocabulary('materials', 'poil de chèvre')).toBe('goatHair');
  });

  it('reads lists however they are joined', () => {
    expect(matchVocabularyList('materials', 'silk & wool')).toEqual({ codes: ['silk', 'wool'], unknown: [] });
    expect(matchVocabularyList('materials', 'Wool and Silk')).toEqual({
      codes: ['wool', 'silk'],
      unknown: [],
    });
    expect(matchVocabularyList('materials', 'laine et soie')).toEqual({
      codes: ['wool', 'silk'],
      unknown: [],
    });
    expect(matchVocabularyList('materials', 'wool|silk;cotton')).toEqual({
      codes: ['wool', 'silk', 'cotton'],
      unknown: [],
    });
    expect(matchVocabularyList('materials', 'Goat hair, wool')).toEqual({
      codes: ['goatHair', 'wool'],
      unknown: [],
    });
    expect(matchVocabularyList('materials', 'صوف وحرير')).toEqual({ codes: ['wool', 'silk'], unknown: [] });
    expect(matchVocabularyList('materials', 'wool silk wool')).toEqual({
      codes: ['wool', 'silk'],
      unknown: [],
    });
    expect(matchVocabularyList('colours', 'Navy blue / Ivory')).toEqual({
      codes: ['navy', 'ivory'],
      unknown: [],
    });
    expect(matchVocabularyList('materials', 'wool & plastic')).toEqual({
      codes: ['wool'],
      unknown: ['plastic'],
    });
    expect(matchVocabularyList('materials', '')).toEqual({ codes: [], unknown: [] });
  });

  it('reads any list of known labels, in any language, joined by any separator', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<VocabularyField>('materials', 'colours'),
        fc.constantFrom(' & ', ' and ', '; ', '|', ', ', ' + ', ' / '),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (field, separator, lang, picks) => {
          const labels = [VOCABULARY_EN, VOCABULARY_FR, VOCABULARY_AR][lang]![field];
          const codes = Object.keys(labels);
          const chosen = picks.map((p) => codes[p % codes.length]!);
          const typed = chosen.map((c) => labels[c]!).join(separator);
          const result = matchVocabularyList(field, typed);
          return result.unknown.length === 0 && result.codes.join() === [...new Set(chosen)].join();
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never matches text that names nothing, and no form is claimed by two codes', () => {
    for (const text of ['', '   ', 'plastic', 'very', 'bon bon', 'wool silk', '???'])
      expect(matchVocabulary('conditionGrades', text)).toBeNull();
    expect(matchVocabulary('materials', 'wool silk')).toBeNull();
    for (const field of VOCABULARY_FIELDS) {
      const seen = new Map<string, string>();
      const forms = [
        ...Object.entries(VOCABULARY_SYNONYMS[field]).flatMap(([code, words]) =>
          words.split('|').map((w) => [code, w] as const),
        ),
      ];
      for (const [code, word] of forms) {
        const key = normaliseLabel(word);
        expect(seen.get(key) ?? code, `${field}: "${word}"`).toBe(code);
        seen.set(key, code);
        expect(matchVocabulary(field, word), `${field}: "${word}"`).toBe(code);
      }
    }
  });
});
