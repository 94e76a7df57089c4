import type { z } from 'zod';
import {
  adminRugCreateSchema,
  type AdminRug,
  type AdminRugCreate,
} from '@knotwork/shared/schemas/catalogue-staff';

/**
 * The editor's form values: text boxes hold strings (amounts in dollars, as staff think of them); `toRugInput`
 * turns them into the API's shape (cents, numbers, nulls) and the shared schema checks that.
 */
export interface RugFormValues {
  title: string;
  description: string;
  originCountry: string;
  originRegion: string;
  style: AdminRugCreate['style'];
  ageClass: AdminRugCreate['ageClass'];
  circaYear: string;
  widthCm: string;
  lengthCm: string;
  shape: AdminRugCreate['shape'];
  pileMaterials: AdminRugCreate['pileMaterials'];
  foundationMaterials: AdminRugCreate['foundationMaterials'];
  knotType: AdminRugCreate['knotType'] | '';
  knotDensity: string;
  colours: AdminRugCreate['colours'];
  conditionGrade: AdminRugCreate['conditionGrade'];
  conditionReport: string;
  estimateLow: string;
  estimateHigh: string;
  fixedPrice: string;
}
export type RugField = keyof RugFormValues;

export const emptyRug: RugFormValues = {
  title: '',
  description: '',
  originCountry: '',
  originRegion: '',
  style: 'persian',
  ageClass: 'vintage',
  circaYear: '',
  widthCm: '',
  lengthCm: '',
  shape: 'rectangle',
  pileMaterials: ['wool'],
  foundationMaterials: ['cotton'],
  knotType: '',
  knotDensity: '',
  colours: [],
  conditionGrade: 'good',
  conditionReport: '',
  estimateLow: '',
  estimateHigh: '',
  fixedPrice: '',
};

const dollars = (cents: number | null) => (cents === null ? '' : String(cents / 100));
const int = (s: string) => (s.trim() === '' ? null : Number(s));
const cents = (s: string) => (s.trim() === '' ? null : Math.round(Number(s) * 100));

export function toFormValues(rug: AdminRug): RugFormValues {
  return {
    ...rug,
    circaYear: rug.circaYear === null ? '' : String(rug.circaYear),
    widthCm: String(rug.widthCm),
    lengthCm: String(rug.lengthCm),
    knotType: rug.knotType ?? '',
    knotDensity: rug.knotDensity === null ? '' : String(rug.knotDensity),
    estimateLow: dollars(rug.estimateLow),
    estimateHigh: dollars(rug.estimateHigh),
    fixedPrice: dollars(rug.fixedPrice),
  };
}

/** The API body, or the field errors the shared schema finds (the same words the server would answer). */
export function toRugInput(
  v: RugFormValues,
): { data: AdminRugCreate } | { errors: Partial<Record<RugField, string>> } {
  const candidate = {
    ...v,
    circaYear: int(v.circaYear),
    widthCm: int(v.widthCm),
    lengthCm: int(v.lengthCm),
    knotType: v.knotType === '' ? null : v.knotType,
    knotDensity: int(v.knotDensity),
    estimateLow: cents(v.estimateLow),
    estimateHigh: cents(v.estimateHigh),
    fixedPrice: cents(v.fixedPrice),
  };
  const parsed = adminRugCreateSchema.safeParse(candidate);
  if (parsed.success) return { data: parsed.data };
  const errors: Partial<Record<RugField, string>> = {};
  for (const issue of (parsed.error as z.ZodError).issues) {
    const field = issue.path[0] as RugField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
