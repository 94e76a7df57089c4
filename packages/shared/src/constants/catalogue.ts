/**
 * The catalogue's vocabularies. Values are camelCase keys (stored in the database and sent in the API);
 * labels are what the web shows. The filter accepts a label too ("Central Asian" -> centralAsian).
 */

export const RUG_STYLES = [
  'persian',
  'turkish',
  'caucasian',
  'centralAsian',
  'moroccan',
  'indian',
  'chinese',
  'european',
  'modern',
] as const;
export type RugStyle = (typeof RUG_STYLES)[number];
export const RUG_STYLE_LABELS: Record<RugStyle, string> = {
  persian: 'Persian',
  turkish: 'Turkish',
  caucasian: 'Caucasian',
  centralAsian: 'Central Asian',
  moroccan: 'Moroccan',
  indian: 'Indian',
  chinese: 'Chinese',
  european: 'European',
  modern: 'Modern',
};

/** Antique: 100 years or more; vintage (semi-antique): roughly 30 to 100 years; modern: younger. */
export const AGE_CLASSES = ['antique', 'vintage', 'modern'] as const;
export type AgeClass = (typeof AGE_CLASSES)[number];
export const AGE_CLASS_LABELS: Record<AgeClass, string> = {
  antique: 'Antique (100+ years)',
  vintage: 'Vintage / semi-antique',
  modern: 'Modern',
};
export const ANTIQUE_MIN_YEARS = 100;
export const VINTAGE_MIN_YEARS = 30;

export const RUG_SHAPES = ['rectangle', 'runner', 'square', 'round', 'oval'] as const;
export type RugShape = (typeof RUG_SHAPES)[number];
export const RUG_SHAPE_LABELS: Record<RugShape, string> = {
  rectangle: 'Rectangle',
  runner: 'Runner',
  square: 'Square',
  round: 'Round',
  oval: 'Oval',
};

export const RUG_MATERIALS = [
  'wool',
  'silk',
  'cotton',
  'goatHair',
  'camelHair',
  'jute',
  'linen',
  'metalThread',
] as const;
export type RugMaterial = (typeof RUG_MATERIALS)[number];
export const RUG_MATERIAL_LABELS: Record<RugMaterial, string> = {
  wool: 'Wool',
  silk: 'Silk',
  cotton: 'Cotton',
  goatHair: 'Goat hair',
  camelHair: 'Camel hair',
  jute: 'Jute',
  linen: 'Linen',
  metalThread: 'Metal thread',
};

export const RUG_COLOURS = [
  'red',
  'rust',
  'orange',
  'gold',
  'ivory',
  'beige',
  'brown',
  'green',
  'blue',
  'navy',
  'teal',
  'pink',
  'purple',
  'black',
  'grey',
] as const;
export type RugColour = (typeof RUG_COLOURS)[number];
export const RUG_COLOUR_LABELS: Record<RugColour, string> = {
  red: 'Red',
  rust: 'Rust',
  orange: 'Orange',
  gold: 'Gold',
  ivory: 'Ivory',
  beige: 'Beige',
  brown: 'Brown',
  green: 'Green',
  blue: 'Blue',
  navy: 'Navy',
  teal: 'Teal',
  pink: 'Pink',
  purple: 'Purple',
  black: 'Black',
  grey: 'Grey',
};
/** Swatches the web shows next to each colour facet. */
export const RUG_COLOUR_HEX: Record<RugColour, string> = {
  red: '#9e2b25',
  rust: '#b5532a',
  orange: '#d9822b',
  gold: '#c9a13b',
  ivory: '#f1e9d2',
  beige: '#d8c3a0',
  brown: '#6b4a2f',
  green: '#4f6b3a',
  blue: '#2f5d8a',
  navy: '#1d2b4f',
  teal: '#2a7b78',
  pink: '#d48a94',
  purple: '#5e3a6e',
  black: '#1c1a19',
  grey: '#8a8784',
};

export const KNOT_TYPES = ['symmetric', 'asymmetric', 'jufti', 'tibetan', 'flatweave', 'handTufted'] as const;
export type KnotType = (typeof KNOT_TYPES)[number];
export const KNOT_TYPE_LABELS: Record<KnotType, string> = {
  symmetric: 'Symmetric (Turkish) knot',
  asymmetric: 'Asymmetric (Persian) knot',
  jufti: 'Jufti knot',
  tibetan: 'Tibetan loop',
  flatweave: 'Flatweave (no pile)',
  handTufted: 'Hand-tufted',
};

export const CONDITION_GRADES = ['excellent', 'veryGood', 'good', 'fair', 'worn'] as const;
export type ConditionGrade = (typeof CONDITION_GRADES)[number];
export const CONDITION_GRADE_LABELS: Record<ConditionGrade, string> = {
  excellent: 'Excellent',
  veryGood: 'Very good',
  good: 'Good',
  fair: 'Fair',
  worn: 'Worn',
};

export const RUG_STATUSES = ['draft', 'available', 'reserved', 'sold', 'withdrawn'] as const;
export type RugStatus = (typeof RUG_STATUSES)[number];

/**
 * How a rug can be had right now: bid on it in an open lot, wait for its upcoming lot, buy it outright
 * at its fixed price, or it is sold. A rug with none of these is `available` (enquire).
 */
export const AVAILABILITIES = ['open', 'upcoming', 'buyNow', 'sold'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
export type RugAvailability = Availability | 'available';
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  open: 'In an open auction',
  upcoming: 'Upcoming auction',
  buyNow: 'Buy now',
  sold: 'Sold',
};

export const RUG_SORTS = [
  'relevance',
  'endingSoon',
  'newest',
  'priceAsc',
  'priceDesc',
  'sizeAsc',
  'sizeDesc',
] as const;
export type RugSort = (typeof RUG_SORTS)[number];
export const RUG_SORT_LABELS: Record<RugSort, string> = {
  relevance: 'Best match',
  endingSoon: 'Ending soon',
  newest: 'Newest',
  priceAsc: 'Price: low to high',
  priceDesc: 'Price: high to low',
  sizeAsc: 'Size: small to large',
  sizeDesc: 'Size: large to small',
};

export const RUG_PAGE_SIZE_DEFAULT = 24;
export const RUG_PAGE_SIZE_MAX = 60;
export const RUG_PAGE_MAX = 1000;
export const RUG_QUERY_MAX = 100;
export const RUG_FILTER_LIST_MAX = 20;
export const RUG_SIZE_MAX_CM = 5000;
/** 1,000,000,000 cents is the largest bid AUCTION-RULES.md allows; price filters share that bound. */
export const PRICE_MAX_CENTS = 1_000_000_000;
export const RELATED_RUGS_LIMIT = 8;
export const LOT_PAGE_SIZE_DEFAULT = 24;
export const LOT_PAGE_SIZE_MAX = 60;
/** Sales per page of the calendar (/upcoming-auctions). */
export const AUCTIONS_PAGE_SIZE = 12;

export const CM_PER_INCH = 2.54;

/** 274 cm -> "9'0\"": feet and whole inches, as the trade writes sizes. */
export function cmToFeetInches(cm: number): string {
  const totalInches = Math.round(cm / CM_PER_INCH);
  const feet = Math.floor(totalInches / 12);
  const inches = totalInches % 12;
  return `${feet}'${inches}"`;
}

/** "196 x 302 cm (6'5\" x 9'11\")". */
export function formatRugSize(widthCm: number, lengthCm: number): string {
  return `${widthCm} x ${lengthCm} cm (${cmToFeetInches(widthCm)} x ${cmToFeetInches(lengthCm)})`;
}

/** Lower-cases and drops everything but letters and digits: "Central Asian", "central-asian" -> "centralasian". */
export function vocabularyKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
