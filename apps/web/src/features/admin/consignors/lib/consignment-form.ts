import {
  adminConsignmentCreateSchema,
  adminConsignmentItemInputSchema,
  type AdminConsignmentCreate,
  type AdminConsignmentItemInput,
} from '@knotwork/shared/schemas/consignors-staff';
import type { ConsignmentTermsOverride } from '@knotwork/shared/consignments/terms';
import {
  centsToDollars,
  bpsToPercent,
  dollarsToCents,
  issuesToErrors,
  percentToBps,
  type FieldErrors,
} from './field-errors.ts';

/** A rug on the receipt as typed: amounts in dollars, as staff think of them; cents on the wire. */
export interface ItemValues {
  rugId: string;
  title: string;
  estimateLow: string;
  estimateHigh: string;
  reserve: string;
}

/** The terms of one receipt as typed: empty means the house's default. Rates in percent, money in dollars. */
export interface TermsValues {
  commission: 'house' | 'flat' | 'sliding';
  flatRate: string;
  bands: { from: string; rate: string }[];
  minimumCommission: string;
  lottingFee: string;
  photographyFee: string;
  insuranceRate: string;
  buyInFeeRate: string;
  vatRate: string;
  vatOnCommissionAndFees: 'house' | 'yes' | 'no';
  advance: string;
}

export const emptyTerms: TermsValues = {
  commission: 'house',
  flatRate: '',
  bands: [{ from: '0', rate: '' }],
  minimumCommission: '',
  lottingFee: '',
  photographyFee: '',
  insuranceRate: '',
  buyInFeeRate: '',
  vatRate: '',
  vatOnCommissionAndFees: 'house',
  advance: '',
};

/** The money terms: field name → the override's key, in cents. */
export const FEE_MONEY_TERMS = {
  minimumCommission: 'minimumCommissionCents',
  lottingFee: 'lottingFeeCents',
  photographyFee: 'photographyFeeCents',
} as const;
/** A receipt's money terms: the house's, and an advance against proceeds. */
export const MONEY_TERMS = { ...FEE_MONEY_TERMS, advance: 'advanceCents' } as const;
/** The rates: field name → the override's key, in basis points. */
export const RATE_TERMS = {
  insuranceRate: 'insuranceRateBps',
  buyInFeeRate: 'buyInFeeRateBps',
  vatRate: 'vatRateBps',
} as const;

/** The override the form describes (only the terms typed), unchecked: the schema checks it with the receipt. */
export function termsOverrideOf(v: TermsValues): ConsignmentTermsOverride | null {
  const o: Record<string, unknown> = {};
  if (v.commission === 'flat') o.commission = { kind: 'flat', rateBps: percentToBps(v.flatRate) };
  if (v.commission === 'sliding')
    o.commission = {
      kind: 'sliding',
      bands: v.bands.map((b) => ({ fromCents: dollarsToCents(b.from), rateBps: percentToBps(b.rate) })),
    };
  for (const [field, key] of Object.entries(MONEY_TERMS)) {
    const cents = dollarsToCents(v[field as keyof typeof MONEY_TERMS]);
    if (cents !== null) o[key] = cents;
  }
  for (const [field, key] of Object.entries(RATE_TERMS)) {
    const bps = percentToBps(v[field as keyof typeof RATE_TERMS]);
    if (bps !== null) o[key] = bps;
  }
  if (v.vatOnCommissionAndFees !== 'house') o.vatOnCommissionAndFees = v.vatOnCommissionAndFees === 'yes';
  return Object.keys(o).length ? o : null;
}

/** A stored override back into the form (to show a receipt's terms). */
export function termsValuesOf(o: Record<string, unknown> | null): TermsValues {
  const t = (o ?? {}) as ConsignmentTermsOverride;
  const v: TermsValues = { ...emptyTerms, bands: [...emptyTerms.bands] };
  if (t.commission?.kind === 'flat') {
    v.commission = 'flat';
    v.flatRate = bpsToPercent(t.commission.rateBps);
  } else if (t.commission?.kind === 'sliding') {
    v.commission = 'sliding';
    v.bands = t.commission.bands.map((b) => ({
      from: centsToDollars(b.fromCents),
      rate: bpsToPercent(b.rateBps),
    }));
  }
  for (const [field, key] of Object.entries(MONEY_TERMS))
    v[field as keyof typeof MONEY_TERMS] = centsToDollars(t[key]);
  for (const [field, key] of Object.entries(RATE_TERMS))
    v[field as keyof typeof RATE_TERMS] = bpsToPercent(t[key]);
  if (t.vatOnCommissionAndFees !== undefined)
    v.vatOnCommissionAndFees = t.vatOnCommissionAndFees ? 'yes' : 'no';
  return v;
}

const itemBody = (i: ItemValues) => ({
  rugId: i.rugId,
  estimateLow: dollarsToCents(i.estimateLow),
  estimateHigh: dollarsToCents(i.estimateHigh),
  reserve: dollarsToCents(i.reserve),
});

/** One rug added to an existing receipt: the body, or its errors under `items.<index>` paths of the form. */
export function toItemInput(
  i: ItemValues,
  index = 0,
): { data: AdminConsignmentItemInput } | { errors: FieldErrors } {
  const parsed = adminConsignmentItemInputSchema.safeParse(itemBody(i));
  return parsed.success ? { data: parsed.data } : { errors: issuesToErrors(parsed.error, ['items', index]) };
}

/** A date picked as YYYY-MM-DD, at noon where staff are (so no time zone moves it to another day); today: omitted. */
export function receivedAtOf(date: string, today: string): string | undefined {
  if (!date || date === today) return undefined;
  const at = new Date(`${date}T12:00:00`);
  return Number.isNaN(at.getTime()) ? date : at.toISOString();
}

/** POST /admin/consignments' body checked with the shared schema, or the field errors under the API's paths. */
export function toConsignmentInput(v: {
  consignorId: string;
  receivedAt: string;
  today: string;
  notes: string;
  items: ItemValues[];
  terms: TermsValues;
}): { data: AdminConsignmentCreate } | { errors: FieldErrors } {
  const parsed = adminConsignmentCreateSchema.safeParse({
    consignorId: v.consignorId,
    receivedAt: receivedAtOf(v.receivedAt, v.today),
    termsOverride: termsOverrideOf(v.terms),
    notes: v.notes,
    items: v.items.map(itemBody),
  });
  return parsed.success ? { data: parsed.data } : { errors: issuesToErrors(parsed.error) };
}
