import {
  ANTIQUE_MIN_YEARS,
  type AgeClass,
  type ConditionGrade,
  type KnotType,
  type RugColour,
  type RugMaterial,
  type RugShape,
  type RugStyle,
} from '@knotwork/shared/constants/catalogue';
import { CONDITION_SENTENCES, CONDITION_VALUE } from './conditions.ts';
import { ORIGINS, type OriginProfile } from './origins.ts';
import type { Random } from './random.ts';
import { slugify } from '../../lib/slugify.ts';

/** One catalogue entry as the seeders insert it (amounts in cents). */
export interface GeneratedRug {
  slug: string;
  title: string;
  description: string;
  originCountry: string;
  originRegion: string;
  style: RugStyle;
  ageClass: AgeClass;
  circaYear: number;
  widthCm: number;
  lengthCm: number;
  shape: RugShape;
  pileMaterials: RugMaterial[];
  foundationMaterials: RugMaterial[];
  knotType: KnotType;
  knotDensity: number | null;
  colours: RugColour[];
  conditionGrade: ConditionGrade;
  conditionReport: string;
  estimateLow: number;
  estimateHigh: number;
  fixedPrice: number | null;
  /** Slugs of the demo collections the rug belongs to. */
  collections: string[];
}

const COLOUR_WORDS: Record<RugColour, string> = {
  red: 'madder red',
  rust: 'rust',
  orange: 'apricot',
  gold: 'saffron gold',
  ivory: 'ivory',
  beige: 'camel',
  brown: 'walnut brown',
  green: 'green',
  blue: 'sky blue',
  navy: 'indigo',
  teal: 'celadon',
  pink: 'rose',
  purple: 'aubergine',
  black: 'black',
  grey: 'grey',
};
const MATERIAL_WORDS: Record<RugMaterial, string> = {
  wool: 'wool',
  silk: 'silk',
  cotton: 'cotton',
  goatHair: 'goat hair',
  camelHair: 'camel hair',
  jute: 'jute',
  linen: 'linen',
  metalThread: 'metal thread',
};
const KNOT_WORDS: Record<KnotType, string> = {
  symmetric: 'the symmetric (Turkish) knot',
  asymmetric: 'the asymmetric (Persian) knot',
  jufti: 'the jufti knot',
  tibetan: 'the Tibetan loop',
  flatweave: '',
  handTufted: '',
};

const GRADE_WEIGHTS: Record<AgeClass, readonly ConditionGrade[]> = {
  antique: ['excellent', 'veryGood', 'veryGood', 'good', 'good', 'good', 'fair', 'worn'],
  vintage: ['excellent', 'veryGood', 'veryGood', 'veryGood', 'good', 'good', 'fair'],
  modern: ['excellent', 'excellent', 'excellent', 'veryGood'],
};

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Rounds to the steps an auction house quotes estimates in. */
export function niceAmount(usd: number): number {
  const step = usd < 1000 ? 50 : usd < 10_000 ? 100 : usd < 100_000 ? 500 : 1000;
  return Math.max(step, Math.round(usd / step) * step);
}

function size(rng: Random, shape: RugShape): [number, number] {
  switch (shape) {
    case 'runner':
      return [rng.int(68, 110), rng.int(250, 620)];
    case 'square': {
      const s = rng.int(150, 300);
      return [s, s + rng.int(-4, 4)];
    }
    case 'round': {
      const d = rng.int(120, 300);
      return [d, d];
    }
    case 'oval': {
      const w = rng.int(150, 280);
      return [w, Math.round(w * (1.3 + rng.next() * 0.25))];
    }
    case 'rectangle': {
      const w = rng.pick([rng.int(80, 140), rng.int(140, 220), rng.int(200, 320), rng.int(280, 420)]);
      return [w, Math.round(w * (1.25 + rng.next() * 0.4))];
    }
  }
}

function year(rng: Random, age: AgeClass, now: number): number {
  switch (age) {
    case 'antique':
      return Math.floor((now - ANTIQUE_MIN_YEARS - rng.int(0, 75)) / 5) * 5;
    case 'vintage':
      return Math.round((now - rng.int(35, 95)) / 5) * 5;
    case 'modern':
      return now - rng.int(0, 20);
  }
}

function title(
  rng: Random,
  o: OriginProfile,
  age: AgeClass,
  shape: RugShape,
  areaSqm: number,
  circa: number,
): string {
  const name = rng.pick(o.names);
  const noun = name.endsWith('Rug')
    ? ''
    : shape === 'runner'
      ? ' Runner'
      : shape === 'round'
        ? ' Round Rug'
        : shape === 'oval'
          ? ' Oval Rug'
          : areaSqm >= 7
            ? ' Carpet'
            : areaSqm < 1.6
              ? rng.pick([' Mat', ' Rug'])
              : ' Rug';
  if (age === 'modern') return `${name}${noun}, ${o.region === name ? o.country : o.region}`;
  const prefix = age === 'antique' ? 'Antique' : rng.pick(['Vintage', 'Semi-antique']);
  return `${prefix} ${name}${noun}, circa ${circa}`;
}

/**
 * One plausible rug, deterministic for `rng`'s seed. `index` makes the slug unique (it reads as a stock number);
 * `nowYear` anchors the age classes.
 */
export function generateRug(rng: Random, index: number, nowYear: number): GeneratedRug {
  const o = rng.pick(ORIGINS);
  const ageClass = rng.pick(o.ages);
  const shape = rng.pick(o.shapes);
  const [widthCm, lengthCm] = size(rng, shape);
  const areaSqm = (widthCm * lengthCm) / 10_000;
  const circaYear = year(rng, ageClass, nowYear);
  const pileMaterials = [...rng.pick(o.pile)];
  const foundationMaterials = [...rng.pick(o.foundation)];
  const colours = [...rng.pick(o.palettes)];
  const knotDensity = o.kpsi ? rng.int(o.kpsi[0], o.kpsi[1]) : null;
  const conditionGrade = rng.pick(GRADE_WEIGHTS[ageClass]);
  const t = title(rng, o, ageClass, shape, areaSqm, circaYear);

  const structure =
    o.knot === 'flatweave'
      ? `Flatwoven in ${list(pileMaterials.map((m) => MATERIAL_WORDS[m]))} on a ${list(foundationMaterials.map((m) => MATERIAL_WORDS[m]))} warp.`
      : `Hand-knotted with ${KNOT_WORDS[o.knot]} in ${list(pileMaterials.map((m) => MATERIAL_WORDS[m]))} pile on a ${list(
          foundationMaterials.map((m) => MATERIAL_WORDS[m]),
        )} foundation, about ${knotDensity} knots to the square inch.`;
  const description = [
    rng.pick(o.designs),
    `${capitalise(list(colours.map((c) => COLOUR_WORDS[c])))} make up the palette.`,
    structure,
    rng.pick(o.notes),
  ].join(' ');
  const conditionReport = rng.some(CONDITION_SENTENCES[conditionGrade], rng.int(2, 4)).join(' ');

  const ageWeight =
    ageClass === 'antique'
      ? 0.75 + rng.next() * 0.25
      : ageClass === 'vintage'
        ? 0.3 + rng.next() * 0.3
        : rng.next() * 0.2;
  const perSqm = o.usdPerSqm[0] + (o.usdPerSqm[1] - o.usdPerSqm[0]) * ageWeight;
  const low = niceAmount(
    Math.max(
      400,
      perSqm * Math.max(areaSqm, 0.8) * CONDITION_VALUE[conditionGrade] * (0.75 + rng.next() * 0.5),
    ),
  );
  const high = niceAmount(low * (1.4 + rng.next() * 0.2));
  const fixedPrice = rng.chance(0.2) ? niceAmount(low * (1.1 + rng.next() * 0.2)) * 100 : null;

  const collections = o.collections.filter((c) => c !== 'antique-persian' || ageClass === 'antique');
  if (shape === 'runner' || lengthCm >= 500) collections.push('runners-gallery');
  if ((pileMaterials.includes('silk') || high >= 40_000) && !collections.includes('silk-collector'))
    collections.push('silk-collector');

  return {
    slug: `${slugify(t, 'rug')}-${1001 + index}`,
    title: t,
    description,
    originCountry: o.country,
    originRegion: o.region,
    style: o.style,
    ageClass,
    circaYear,
    widthCm,
    lengthCm,
    shape,
    pileMaterials,
    foundationMaterials,
    knotType: o.knot,
    knotDensity,
    colours,
    conditionGrade,
    conditionReport,
    estimateLow: low * 100,
    estimateHigh: high * 100,
    fixedPrice,
    collections: [...new Set(collections)],
  };
}
