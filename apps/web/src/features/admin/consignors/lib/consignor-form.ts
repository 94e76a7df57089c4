import type { Language } from '@knotwork/shared/constants/languages';
import {
  adminConsignorCreateSchema,
  adminConsignorUpdateSchema,
  consignorPayoutInputSchema,
  type AdminConsignorCreate,
  type AdminConsignorDetail,
  type AdminConsignorUpdate,
  type PayoutMethod,
} from '@knotwork/shared/schemas/consignors-staff';
import { issuesToErrors, type FieldErrors } from './field-errors.ts';

export interface ConsignorAddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The payout as typed: every method's fields, of which the chosen method's are sent. */
export interface PayoutValues {
  method: PayoutMethod;
  holder: string;
  iban: string;
  bic: string;
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  /** A Stripe connected account id (acct_…), paid by Stripe Connect transfers (decision 088). */
  accountId: string;
}

/** The consignor form's values: text boxes hold strings; `toConsignorInput` makes the API's body of them. */
export interface ConsignorFormValues {
  kind: 'person' | 'dealer';
  name: string;
  company: string;
  email: string;
  phone: string;
  address: ConsignorAddressValues;
  language: Language;
  vatRegistered: boolean;
  vatNumber: string;
  /** Editing: the stored details are shown masked and sent again only when staff enter new ones. */
  replacePayout: boolean;
  payout: PayoutValues;
  userEmail: string;
  notes: string;
}

export const emptyAddress: ConsignorAddressValues = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

export const emptyPayout: PayoutValues = {
  method: 'none',
  holder: '',
  iban: '',
  bic: '',
  routingNumber: '',
  accountNumber: '',
  accountType: 'checking',
  accountId: '',
};

/** A new consignor's form, or an existing one's (payout never filled in: only its mask is known). */
export function consignorFormValues(c: AdminConsignorDetail | null, language: Language): ConsignorFormValues {
  return {
    kind: c?.kind ?? 'person',
    name: c?.name ?? '',
    company: c?.company ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    address: c?.address
      ? {
          line1: c.address.line1,
          line2: c.address.line2 ?? '',
          city: c.address.city,
          state: c.address.state ?? '',
          postalCode: c.address.postalCode ?? '',
          country: c.address.country,
        }
      : emptyAddress,
    language: c?.language ?? language,
    vatRegistered: c?.vatRegistered ?? false,
    vatNumber: c?.vatNumber ?? '',
    replacePayout: !c || c.payout.method === 'none',
    payout: { ...emptyPayout, holder: c?.payout.holder ?? '', method: c?.payout.method ?? 'none' },
    userEmail: c?.user?.email ?? '',
    notes: c?.notes ?? '',
  };
}

/** An address is all or none: any field typed means one is given. */
const addressGiven = (a: ConsignorAddressValues) =>
  [a.line1, a.line2, a.city, a.postalCode, a.country].some((v) => v.trim() !== '');

function payoutBody(p: PayoutValues): unknown {
  if (p.method === 'iban') return { method: 'iban', holder: p.holder, iban: p.iban, bic: p.bic };
  if (p.method === 'us_account')
    return {
      method: 'us_account',
      holder: p.holder,
      routingNumber: p.routingNumber,
      accountNumber: p.accountNumber,
      accountType: p.accountType,
    };
  if (p.method === 'stripe_connect')
    return { method: 'stripe_connect', holder: p.holder, accountId: p.accountId };
  return { method: 'none' };
}

/**
 * The body of POST (no `original`) or PATCH /admin/consignors, checked with the shared schema: the data, or the
 * field errors under the API's paths ('payout.iban'), in the words the server would answer. `payoutOnly` is the
 * accounts' form (they may change the payout details and nothing else).
 */
export function toConsignorInput(
  v: ConsignorFormValues,
  original: AdminConsignorDetail | null,
  payoutOnly = false,
): { data: AdminConsignorCreate | AdminConsignorUpdate } | { errors: FieldErrors } {
  const payout = v.replacePayout ? payoutBody(v.payout) : undefined;
  if (payoutOnly) {
    if (payout === undefined) return { data: {} };
    const parsed = consignorPayoutInputSchema.safeParse(payout);
    return parsed.success
      ? { data: { payout: parsed.data } }
      : { errors: issuesToErrors(parsed.error, ['payout']) };
  }
  const email = v.userEmail.trim();
  const candidate = {
    kind: v.kind,
    name: v.name,
    company: v.company,
    email: v.email,
    phone: v.phone,
    address: addressGiven(v.address) ? v.address : null,
    language: v.language,
    vatRegistered: v.vatRegistered,
    vatNumber: v.vatNumber,
    payout,
    // The link is sent only when it changes (a new one must exist and be free; '' unlinks).
    userEmail: original ? (email === (original.user?.email ?? '') ? undefined : email) : email,
    notes: v.notes,
  };
  const parsed = original
    ? adminConsignorUpdateSchema.safeParse(candidate)
    : adminConsignorCreateSchema.safeParse(candidate);
  return parsed.success ? { data: parsed.data } : { errors: issuesToErrors(parsed.error) };
}
