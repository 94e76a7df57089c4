/**
 * The catalogue's fixed vocabulary as people type it (issue 24, decision 076): a CSV import cell may hold a code
 * (`veryGood`), a label in any language the site speaks ("Very good", "Très bon", "جيدة جدًا") or a common
 * synonym ("v good", "silk & wool"), in any case, with or without accents and extra spaces. One pure function
 * turns such a cell into codes; what it cannot read is returned as typed, for the schema to refuse by name.
 *
 * The French and Arabic labels are the web's (apps/web/public/locales/<lang>/catalogue.json `vocab`); a shared
 * test keeps the two equal.
 */
import {
  AGE_CLASS_LABELS,
  CONDITION_GRADE_LABELS,
  KNOT_TYPE_LABELS,
  RUG_COLOUR_LABELS,
  RUG_MATERIAL_LABELS,
  RUG_SHAPE_LABELS,
  RUG_STYLE_LABELS,
} from './catalogue.ts';

export const VOCABULARY_FIELDS = [
  'styles',
  'ageClasses',
  'shapes',
  'materials',
  'colours',
  'knotTypes',
  'conditionGrades',
] as const;
export type VocabularyField = (typeof VOCABULARY_FIELDS)[number];

type Labels = Record<VocabularyField, Record<string, string>>;

/** English labels: the shared constants (the web's English locale says the same). */
export const VOCABULARY_EN: Labels = {
  styles: RUG_STYLE_LABELS,
  ageClasses: AGE_CLASS_LABELS,
  shapes: RUG_SHAPE_LABELS,
  materials: RUG_MATERIAL_LABELS,
  colours: RUG_COLOUR_LABELS,
  knotTypes: KNOT_TYPE_LABELS,
  conditionGrades: CONDITION_GRADE_LABELS,
};

export const VOCABULARY_FR: Labels = {
  styles: {
    persian: 'Persan',
    turkish: 'Turc',
    caucasian: 'Caucasien',
    centralAsian: 'D’Asie centrale',
    moroccan: 'Marocain',
    indian: 'Indien',
    chinese: 'Chinois',
    european: 'Européen',
    modern: 'Moderne',
  },
  ageClasses: { antique: 'Ancien (plus de 100 ans)', vintage: 'Vintage / semi-ancien', modern: 'Moderne' },
  shapes: { rectangle: 'Rectangulaire', runner: 'Galerie', square: 'Carré', round: 'Rond', oval: 'Ovale' },
  materials: {
    wool: 'Laine',
    silk: 'Soie',
    cotton: 'Coton',
    goatHair: 'Poil de chèvre',
    camelHair: 'Poil de chameau',
    jute: 'Jute',
    linen: 'Lin',
    metalThread: 'Fil métallique',
  },
  colours: {
    red: 'Rouge',
    rust: 'Rouille',
    orange: 'Orange',
    gold: 'Or',
    ivory: 'Ivoire',
    beige: 'Beige',
    brown: 'Brun',
    green: 'Vert',
    blue: 'Bleu',
    navy: 'Bleu marine',
    teal: 'Bleu canard',
    pink: 'Rose',
    purple: 'Violet',
    black: 'Noir',
    grey: 'Gris',
  },
  knotTypes: {
    symmetric: 'Nœud symétrique (turc)',
    asymmetric: 'Nœud asymétrique (persan)',
    jufti: 'Nœud jufti',
    tibetan: 'Boucle tibétaine',
    flatweave: 'Tissage plat (sans velours)',
    handTufted: 'Tufté main',
  },
  conditionGrades: {
    excellent: 'Excellent',
    veryGood: 'Très bon',
    good: 'Bon',
    fair: 'Correct',
    worn: 'Usé',
  },
};

export const VOCABULARY_AR: Labels = {
  styles: {
    persian: 'فارسي',
    turkish: 'تركي',
    caucasian: 'قوقازي',
    centralAsian: 'من آسيا الوسطى',
    moroccan: 'مغربي',
    indian: 'هندي',
    chinese: 'صيني',
    european: 'أوروبي',
    modern: 'حديث',
  },
  ageClasses: { antique: 'أنتيك (100 عام فأكثر)', vintage: 'فينتاج / شبه أنتيك', modern: 'حديث' },
  shapes: { rectangle: 'مستطيل', runner: 'ممر', square: 'مربع', round: 'دائري', oval: 'بيضاوي' },
  materials: {
    wool: 'صوف',
    silk: 'حرير',
    cotton: 'قطن',
    goatHair: 'شعر الماعز',
    camelHair: 'وبر الإبل',
    jute: 'جوت',
    linen: 'كتان',
    metalThread: 'خيوط معدنية',
  },
  colours: {
    red: 'أحمر',
    rust: 'صدئي',
    orange: 'برتقالي',
    gold: 'ذهبي',
    ivory: 'عاجي',
    beige: 'بيج',
    brown: 'بني',
    green: 'أخضر',
    blue: 'أزرق',
    navy: 'كحلي',
    teal: 'أزرق مخضر',
    pink: 'وردي',
    purple: 'بنفسجي',
    black: 'أسود',
    grey: 'رمادي',
  },
  knotTypes: {
    symmetric: 'عقدة متناظرة (تركية)',
    asymmetric: 'عقدة غير متناظرة (فارسية)',
    jufti: 'عقدة جفتي',
    tibetan: 'حلقة تبتية',
    flatweave: 'نسيج مسطّح (بلا وبر)',
    handTufted: 'مُخصَّل يدويًا',
  },
  conditionGrades: {
    excellent: 'ممتازة',
    veryGood: 'جيدة جدًا',
    good: 'جيدة',
    fair: 'مقبولة',
    worn: 'مُستهلَكة',
  },
};

/** What cataloguers write besides the labels (any language; matched after the same normalisation). */
export const VOCABULARY_SYNONYMS: Labels = {
  styles: {
    persian: 'iran|iranian|perse|persane',
    turkish: 'turkey|anatolian|anatolie|turque|turquie',
    caucasian: 'caucasus|caucase|caucasienne',
    centralAsian: 'central asia|asie centrale|turkmen|turkoman',
    moroccan: 'morocco|maroc|berber|berbere|marocaine',
    indian: 'india|inde|indienne',
    chinese: 'china|chine|chinoise',
    european: 'europe|europeenne',
    modern: 'contemporary|contemporain|contemporaine|moderne',
  },
  ageClasses: {
    antique: 'antique|ancien|ancienne|old|100+ years|over 100 years',
    vintage: 'vintage|semi antique|semi-antique|semi ancien|semi-ancien|semi-ancienne',
    modern: 'new|contemporary|contemporain|recent|moderne',
  },
  shapes: {
    rectangle: 'rectangular|rect|rectangulaire',
    runner: 'gallery|galerie|corridor|hall runner',
    square: 'carre|carree',
    round: 'circle|circular|rond|ronde',
    oval: 'ovale',
  },
  materials: {
    wool: 'lambswool|lamb wool|kork wool|kurk wool|laine',
    silk: 'soie|natural silk',
    cotton: 'coton',
    goatHair: 'goat|goat-hair|goathair|poil de chevre',
    camelHair: 'camel|camel-hair|camelhair|poil de chameau',
    jute: 'jute',
    linen: 'flax|lin',
    metalThread: 'metal|metallic thread|metal threads|gold thread|silver thread|fil metallique',
  },
  colours: {
    red: 'madder|crimson|rouge',
    rust: 'terracotta|rouille',
    orange: 'apricot',
    gold: 'golden|yellow|ochre|dore|jaune',
    ivory: 'cream|ecru|off white|off-white|creme',
    beige: 'camel|sand|tan|sable',
    brown: 'chocolate|marron|brun',
    green: 'vert',
    blue: 'indigo|light blue|bleu',
    navy: 'navy blue|dark blue|midnight blue|bleu nuit|marine',
    teal: 'turquoise|petrol|bleu petrole',
    pink: 'rose|salmon|saumon',
    purple: 'aubergine|violet|mauve',
    black: 'noir',
    grey: 'gray|gris|charcoal',
  },
  knotTypes: {
    symmetric: 'symmetrical|turkish|turkish knot|ghiordes|gordes|symmetric knot|noeud turc|turc',
    asymmetric: 'asymmetrical|persian|persian knot|senneh|sehna|asymmetric knot|noeud persan|persan',
    jufti: 'jufti|jofti|double knot',
    tibetan: 'tibetan|tibetan knot|tibetan loop',
    flatweave: 'flat weave|flat-weave|flatwoven|flat woven|kilim|kelim|tissage plat',
    handTufted: 'hand tufted|tufted|tufte|tufte main',
  },
  conditionGrades: {
    excellent: 'ex|exc|mint|near mint|as new|tres bien|excellente',
    veryGood: 'v good|v. good|v.good|vg|very good condition|tres bon etat|tres bonne|very-good',
    good: 'gd|good condition|bon etat|bonne',
    fair: 'average|moderate|moyen|passable|acceptable|fair condition',
    worn: 'poor|used|heavily worn|use|usee|abime|abimee',
  },
};

/**
 * A label as a key: Unicode-decomposed, combining marks removed (accents, Arabic short vowels and tanween),
 * lower case, Arabic letter variants folded (أ إ آ → ا, ى → ي, ة → ه, tatweel dropped), the French ligature œ
 * as "oe", `&` and `+` as "and", every run of punctuation and spaces one space.
 */
export function normaliseLabel(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ـ/g, '')
    .replace(/[’'`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The forms a label is known by: itself, without its parentheses ("Antique (100+ years)" → "antique"), each side of a slash. */
function labelForms(label: string): string[] {
  const forms = [label, label.replace(/\([^)]*\)/g, ' ')];
  for (const form of [...forms]) if (form.includes('/')) forms.push(...form.split('/'));
  return forms;
}

/** "veryGood" → "very good", so a code written with spaces is still read. */
const splitCamel = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2');

type Index = Map<string, string | null>;

function buildIndex(field: VocabularyField): Index {
  const index: Index = new Map();
  const add = (text: string, code: string) => {
    const key = normaliseLabel(text);
    if (!key) return;
    const known = index.get(key);
    // A form two codes share (none today) would be ambiguous: it matches neither.
    index.set(key, known === undefined || known === code ? code : null);
  };
  const codes = Object.keys(VOCABULARY_EN[field]);
  for (const code of codes) {
    add(code, code);
    add(splitCamel(code), code);
  }
  for (const labels of [VOCABULARY_EN, VOCABULARY_FR, VOCABULARY_AR]) {
    for (const [code, label] of Object.entries(labels[field]))
      for (const form of labelForms(label)) add(form, code);
  }
  for (const [code, words] of Object.entries(VOCABULARY_SYNONYMS[field]))
    for (const word of words.split('|')) add(word, code);
  // Codes first: a code always means itself, even where a synonym elsewhere says otherwise.
  for (const code of codes) index.set(normaliseLabel(code), code);
  return index;
}

const indexes = new Map<VocabularyField, Index>();
function indexOf(field: VocabularyField): Index {
  let index = indexes.get(field);
  if (!index) indexes.set(field, (index = buildIndex(field)));
  return index;
}

/** The code a cell names in `field` (a code, a label in en/fr/ar or a synonym), or null when it names none. */
export function matchVocabulary(field: VocabularyField, text: string): string | null {
  const key = normaliseLabel(text);
  if (!key) return null;
  const index = indexOf(field);
  const found = index.get(key);
  if (found) return found;
  // Arabic writes "and" as a prefix (وصوف): a word that matches once its و is dropped.
  if (key.startsWith('و')) return index.get(key.slice(1)) ?? null;
  return null;
}

/** Separators of a list cell: | ; , / + & and the words "and", "et", "و" standing alone. */
const LIST_SEPARATORS = /\s*(?:[|;,/+&]|\band\b|\bet\b|\sو\s)\s*/giu;

/**
 * A list cell ("Silk & wool", "laine; soie", "wool|silk") as codes, in order and without repeats; the parts it
 * cannot read come back as typed in `unknown`. A whole cell that is itself one label ("Goat hair") is one value.
 */
export function matchVocabularyList(
  field: VocabularyField,
  text: string,
): { codes: string[]; unknown: string[] } {
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const part of text.split(LIST_SEPARATORS)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const found = matchWords(field, trimmed);
    if (found === null) unknown.push(trimmed);
    else for (const code of found) if (!codes.includes(code)) codes.push(code);
  }
  // The parts first: read whole, "Navy & Blue" would be the synonym "navy blue" once its "&" is normalised away.
  // A label that itself holds a separator ("salt & pepper") is read whole when its parts are not all known.
  if (unknown.length === 0) return { codes, unknown };
  const whole = matchVocabulary(field, text);
  return whole ? { codes: [whole], unknown: [] } : { codes, unknown };
}

/**
 * A part as one value, else as several values separated only by spaces ("wool silk", "صوف وحرير"), reading the
 * longest known run of words first; null unless every word is read.
 */
function matchWords(field: VocabularyField, part: string): string[] | null {
  const one = matchVocabulary(field, part);
  if (one) return [one];
  const words = part.split(/\s+/);
  const codes: string[] = [];
  for (let i = 0; i < words.length;) {
    let j = words.length;
    let code: string | null = null;
    for (; j > i && !code; j--) code = matchVocabulary(field, words.slice(i, j).join(' '));
    if (!code) return null;
    codes.push(code);
    i = j + 1;
  }
  return codes;
}
