import { describe, expect, it } from 'vitest';
import {
  consignorFormValues,
  emptyAddress,
  toConsignorInput,
  type ConsignorFormValues,
} from '@/features/admin/consignors/lib/consignor-form.ts';
import {
  emptyTerms,
  receivedAtOf,
  termsOverrideOf,
  termsValuesOf,
  toConsignmentInput,
  toItemInput,
} from '@/features/admin/consignors/lib/consignment-form.ts';
import { dollarsToCents, percentToBps } from '@/features/admin/consignors/lib/field-errors.ts';

const RUG = '0b0f6f4e-1c1a-4f7e-9c55-7c1f2f0b9a11';
const CONSIGNOR = '5d3c2b1a-0f9e-4d8c-b7a6-958473625140';

const person = (patch: Partial<ConsignorFormValues> = {}): ConsignorFormValues => ({
  ...consignorFormValues(null, 'en'),
  name: 'Ada Vance',
  ...patch,
});

describe('the consignor form', () => {
  it('checks an IBAN as the server does and names the field in the API’s path', () => {
    const v = person({
      payout: {
        ...person().payout,
        method: 'iban',
        holder: 'Ada Vance',
        iban: 'GB82 WEST 1234 5698 7654 31',
      },
    });
    expect(toConsignorInput(v, null)).toEqual({ errors: { 'payout.iban': 'Enter a valid IBAN' } });
    const ok = toConsignorInput({ ...v, payout: { ...v.payout, iban: 'gb82 west 1234 5698 7654 32' } }, null);
    expect('data' in ok && ok.data.payout).toEqual({
      method: 'iban',
      holder: 'Ada Vance',
      iban: 'GB82WEST12345698765432',
      bic: null,
    });
  });

  it('checks a US account and routing number', () => {
    const v = person({
      payout: {
        ...person().payout,
        method: 'us_account',
        holder: 'Ada Vance',
        routingNumber: '123456789',
        accountNumber: '12',
      },
    });
    const out = toConsignorInput(v, null);
    expect('errors' in out && out.errors).toEqual({
      'payout.routingNumber': 'Enter a valid US routing number (9 digits)',
      'payout.accountNumber': 'Enter a US account number of 4 to 17 digits',
    });
  });

  it('checks a Stripe connected account id (decision 088) and sends only its fields', () => {
    const v = person({
      payout: { ...person().payout, method: 'stripe_connect', holder: 'Ada Vance', accountId: 'acct_12' },
    });
    expect(toConsignorInput(v, null)).toEqual({
      errors: {
        'payout.accountId': 'Enter the Stripe connected account id: acct_ followed by letters and digits',
      },
    });
    const ok = toConsignorInput(
      { ...v, payout: { ...v.payout, accountId: ' acct_1Nv0FGQ9RKHgCVdK ' } },
      null,
    );
    expect('data' in ok && ok.data.payout).toEqual({
      method: 'stripe_connect',
      holder: 'Ada Vance',
      accountId: 'acct_1Nv0FGQ9RKHgCVdK',
    });
  });

  it('sends no address when none is typed, and asks for the street once one is', () => {
    const none = toConsignorInput(person(), null);
    expect('data' in none && none.data.address).toBeNull();
    const partial = toConsignorInput(person({ address: { ...emptyAddress, country: 'FR' } }), null);
    expect('errors' in partial && partial.errors).toMatchObject({
      'address.line1': 'Enter the street address',
      'address.city': 'Enter the city',
    });
  });

  it('wants the VAT number of a VAT-registered consignor', () => {
    const out = toConsignorInput(person({ vatRegistered: true }), null);
    expect('errors' in out && out.errors).toEqual({
      vatNumber: 'Enter the VAT number of a VAT-registered consignor',
    });
  });

  it('editing: keeps the stored payout unless new details are typed, and sends the account link only when it changes', () => {
    const stored = {
      ...person(),
      id: CONSIGNOR,
      company: null,
      email: null,
      phone: null,
      address: null,
      vatNumber: null,
      payout: { method: 'iban' as const, holder: 'Ada Vance', masked: 'GB82 •••• •••• 5432' },
      user: { id: 'u', name: 'Ada', email: 'ada@example.com' },
      notes: '',
      identityCheckedAt: null,
      identityCheckedBy: null,
      createdAt: '',
      updatedAt: '',
      archivedAt: null,
      consignments: [],
    };
    const v = consignorFormValues(stored, 'en');
    expect(v.replacePayout).toBe(false);
    const out = toConsignorInput(v, stored);
    expect('data' in out && out.data.payout).toBeUndefined();
    expect('data' in out && out.data.userEmail).toBeUndefined();
    expect(toConsignorInput(v, stored, true)).toEqual({ data: {} });
  });
});

describe('the consignment form', () => {
  it('turns dollars into cents and percent into basis points', () => {
    expect(dollarsToCents('4,000.50')).toBe(400_050);
    expect(dollarsToCents('')).toBeNull();
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('12,5')).toBe(1250);
  });

  it('sends only the terms typed; the rest stay the house’s', () => {
    expect(termsOverrideOf(emptyTerms)).toBeNull();
    const terms = {
      ...emptyTerms,
      commission: 'sliding' as const,
      bands: [
        { from: '0', rate: '15' },
        { from: '5000', rate: '12' },
      ],
      insuranceRate: '1.5',
      advance: '2000',
      vatOnCommissionAndFees: 'no' as const,
    };
    const o = termsOverrideOf(terms);
    expect(o).toEqual({
      commission: {
        kind: 'sliding',
        bands: [
          { fromCents: 0, rateBps: 1500 },
          { fromCents: 500_000, rateBps: 1200 },
        ],
      },
      insuranceRateBps: 150,
      advanceCents: 200_000,
      vatOnCommissionAndFees: false,
    });
    expect(termsOverrideOf(termsValuesOf(o as Record<string, unknown>))).toEqual(o);
  });

  it('checks the receipt with the shared schema: reserve at most the low estimate, bands rising', () => {
    const out = toConsignmentInput({
      consignorId: CONSIGNOR,
      receivedAt: '2026-05-01',
      today: '2026-05-01',
      notes: '',
      items: [{ rugId: RUG, title: 'Heriz', estimateLow: '4000', estimateHigh: '3000', reserve: '4500' }],
      terms: { ...emptyTerms, commission: 'sliding', bands: [{ from: '100', rate: '15' }] },
    });
    expect('errors' in out && out.errors).toEqual({
      'items.0.estimateHigh': 'The high estimate cannot be below the low estimate',
      'items.0.reserve': 'The reserve cannot be above the low estimate',
      'termsOverride.commission.bands.0.fromCents': 'The first commission band starts at 0',
    });
    const ok = toConsignmentInput({
      consignorId: CONSIGNOR,
      receivedAt: '2026-05-01',
      today: '2026-05-01',
      notes: '',
      items: [{ rugId: RUG, title: 'Heriz', estimateLow: '4000', estimateHigh: '6000', reserve: '' }],
      terms: emptyTerms,
    });
    expect('data' in ok && ok.data).toMatchObject({
      consignorId: CONSIGNOR,
      termsOverride: null,
      items: [{ rugId: RUG, estimateLow: 400_000, estimateHigh: 600_000, reserve: null }],
    });
    expect('data' in ok && ok.data.receivedAt).toBeUndefined();
  });

  it('asks for at least one rug, and checks one added later', () => {
    const out = toConsignmentInput({
      consignorId: CONSIGNOR,
      receivedAt: '',
      today: '2026-05-01',
      notes: '',
      items: [],
      terms: emptyTerms,
    });
    expect('errors' in out && out.errors).toEqual({ items: 'Add at least one rug (at most 200)' });
    expect(
      toItemInput({ rugId: RUG, title: 'x', estimateLow: '', estimateHigh: '10', reserve: '' }, 0),
    ).toEqual({ errors: { 'items.0.estimateLow': 'Enter an amount in whole cents' } });
  });

  it('dates a receipt at noon of the day picked, or leaves today to the server', () => {
    expect(receivedAtOf('2026-05-01', '2026-05-01')).toBeUndefined();
    expect(receivedAtOf('2026-04-20', '2026-05-01')).toBe(new Date('2026-04-20T12:00:00').toISOString());
  });
});
