/**
 * The house's settings that staff change without a deploy (issue 11, decision 064): the bank-transfer
 * instructions, the shipping zones (countries and rates), and the default increment table and buyer's premium of
 * new sales. Tax rates have their own routes (orders-staff.ts).
 */
import { z } from 'zod';
import { incrementTableSchema } from './sales-staff.ts';
import { textField } from './text.ts';
import { DEFAULT_WRITE_OFF_LIMIT } from '../payments/balance.ts';
import { isValidBic, isValidIban } from '../consignments/bank-account.ts';
import { lotTermsSchema, type LotTerms } from '../consignments/terms.ts';
import { strikeSettingsSchema } from './strikes.ts';
import { telephoneSettingsSchema } from './telephone-bids.ts';
import { depositSettingsSchema } from './deposits.ts';
import { autopaySettingsSchema } from './autopay.ts';
import { conditionReportSettingsSchema } from './condition-reports.ts';

export const adminSettingsMessages = {
  instructionsRequired: 'Enter the bank-transfer instructions',
  instructionsMax: 'The instructions should have at most 4,000 characters',
  countryCode: 'Use two-letter country codes (ISO 3166), like FR',
  countryTwice: 'A country can be in one zone only',
  domesticOne: 'The home zone is exactly one country: where the house ships from',
  rateInvalid: 'Enter an amount in whole cents, from 0 up to 100,000.00',
  premiumInvalid: 'Enter a premium between 0 and 100 %, at most two decimals',
  writeOffLimitInvalid: 'Enter a limit in whole cents, from 0 up to 100,000.00',
  houseNameRequired: 'Enter the house’s name',
  houseNameMax: 'The name should have at most 120 characters',
  houseAddressMax: 'The address should have at most 500 characters',
  taxNumberMax: 'The tax number should have at most 40 characters',
  holdingDaysInvalid: 'Enter a holding period of 0 to 60 working days',
  debtorNameRequired: 'Enter the name of the account that pays consignors',
  debtorIbanInvalid: 'Enter a valid IBAN',
  debtorBicInvalid: 'Enter a valid BIC, or leave it empty',
  identityThresholdInvalid: 'Enter a threshold in whole cents, from 0 up to 100,000,000.00',
  identityCurrencyInvalid: 'Use a three-letter currency code (ISO 4217), like EUR',
  identityPeriodInvalid: 'Enter a period of 1 to 120 months',
  identityRetentionInvalid: 'Enter a retention period of 1 to 240 months',
  conditionsMax: 'The conditions of sale should have at most 20,000 characters in each language',
  stripeConnectNeedsKeys: 'Stripe Connect payouts need the house’s Stripe keys: set STRIPE_SECRET_KEY first',
  saved: 'Settings saved',
} as const;
const m = adminSettingsMessages;

export const SETTING_KEYS = [
  'bank_transfer',
  'shipping',
  'increments',
  'premium',
  'house',
  'settlements',
  'identity',
  'registration',
  'strikes',
  'deposits',
  'autopay',
  'telephone',
  'condition_reports',
  'catalogue_conditions',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

const country = z
  .string({ error: m.countryCode })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, m.countryCode);
const rate = z
  .number({ error: m.rateInvalid })
  .int(m.rateInvalid)
  .min(0, m.rateInvalid)
  .max(10_000_000, m.rateInvalid);

export const bankTransferSettingsSchema = z
  .object({
    instructions: textField({ error: m.instructionsRequired })
      .trim()
      .min(1, m.instructionsRequired)
      .max(4_000, m.instructionsMax),
    /**
     * The most accounts staff may write off when a transfer arrives short (a wire fee), in cents of the house
     * currency (decision 072). Kept with the bank-transfer setting: it is about transfers, and needs no new key.
     */
    writeOffLimit: z
      .number({ error: m.writeOffLimitInvalid })
      .int(m.writeOffLimitInvalid)
      .min(0, m.writeOffLimitInvalid)
      .max(10_000_000, m.writeOffLimitInvalid)
      .default(DEFAULT_WRITE_OFF_LIMIT),
  })
  .strict()
  .meta({ id: 'BankTransferSettings' });
export type BankTransferSettings = z.infer<typeof bankTransferSettingsSchema>;

/**
 * The three zones stay (their names are translated and frozen in quotes); staff set each one's flat courier rate
 * (cents) and which countries fall in it. `domestic` is the one country the house ships from (also where a rug
 * collected in person is taxed); `rest_of_world` is every country not listed in another zone.
 */
export const shippingSettingsSchema = z
  .object({
    domestic: z.object({ countries: z.array(country).length(1, m.domesticOne), amount: rate }).strict(),
    europe: z.object({ countries: z.array(country).max(250), amount: rate }).strict(),
    rest_of_world: z.object({ amount: rate }).strict(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    for (const zone of ['domestic', 'europe'] as const) {
      v[zone].countries.forEach((c, i) => {
        if (seen.has(c))
          ctx.addIssue({ code: 'custom', message: m.countryTwice, path: [zone, 'countries', i] });
        seen.add(c);
      });
    }
  })
  .meta({ id: 'ShippingSettings' });
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

export const incrementSettingsSchema = z
  .object({ increments: incrementTableSchema })
  .strict()
  .meta({ id: 'IncrementSettings' });
export type IncrementSettings = z.infer<typeof incrementSettingsSchema>;

export const premiumSettingsSchema = z
  .object({
    buyersPremiumPct: z
      .number({ error: m.premiumInvalid })
      .min(0, m.premiumInvalid)
      .max(100, m.premiumInvalid)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, m.premiumInvalid),
  })
  .strict()
  .meta({ id: 'PremiumSettings' });
export type PremiumSettings = z.infer<typeof premiumSettingsSchema>;

/**
 * The house as its invoices and packing slips print it (decision 073): its name, its postal address (lines as
 * typed) and its VAT or tax number. Frozen into each invoice when it is issued.
 */
export const houseIdentitySettingsSchema = z
  .object({
    name: textField({ error: m.houseNameRequired })
      .trim()
      .min(1, m.houseNameRequired)
      .max(120, m.houseNameMax),
    address: textField().trim().max(500, m.houseAddressMax).default(''),
    taxNumber: textField().trim().max(40, m.taxNumberMax).default(''),
  })
  .strict()
  .meta({ id: 'HouseIdentitySettings' });
export type HouseIdentitySettings = z.infer<typeof houseIdentitySettingsSchema>;

/** The house's default consignment terms until Settings change them: 15 % flat, at least 50.00 a sold lot, no fee, no VAT. */
export const DEFAULT_CONSIGNMENT_TERMS: LotTerms = {
  commission: { kind: 'flat', rateBps: 1500 },
  minimumCommissionCents: 5_000,
  lottingFeeCents: 0,
  photographyFeeCents: 0,
  insuranceRateBps: 0,
  buyInFeeRateBps: 0,
  vatRateBps: 0,
  vatOnCommissionAndFees: false,
};
/** Working days (Monday to Friday, UTC) between the buyer's payment in full and the lot's settlement falling due. */
export const DEFAULT_SETTLEMENT_HOLDING_DAYS = 10;

/**
 * Settling and paying consignors (issue 27, decision 087): the holding period after the buyer paid in full (a
 * delivery confirmed ends it early), the house's default consignment terms (each consignment may override them), and
 * the house's own account that pays consignors, printed as the debtor of a SEPA file (null: no SEPA file yet).
 */
export const settlementSettingsSchema = z
  .object({
    holdingDays: z
      .number({ error: m.holdingDaysInvalid })
      .int(m.holdingDaysInvalid)
      .min(0, m.holdingDaysInvalid)
      .max(60, m.holdingDaysInvalid),
    consignmentTerms: lotTermsSchema,
    debtor: z
      .object({
        name: textField({ error: m.debtorNameRequired }).trim().min(1, m.debtorNameRequired).max(70),
        iban: textField({ error: m.debtorIbanInvalid }).trim().refine(isValidIban, m.debtorIbanInvalid),
        bic: textField()
          .trim()
          .refine((v) => v === '' || isValidBic(v), m.debtorBicInvalid)
          .default(''),
      })
      .strict()
      .nullable(),
    /** Consignors with a Stripe connected account are paid by Stripe Connect transfers (needs the Stripe keys). */
    stripeConnect: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'SettlementSettings' });
export type SettlementSettings = z.infer<typeof settlementSettingsSchema>;

/**
 * Who is approved at once when they register to bid (issue 28 §1, decision 090): each rule the house ticks must hold,
 * otherwise the registration waits in the sale's queue for staff. No rule ticked approves every registration.
 */
export const registrationSettingsSchema = z
  .object({
    emailVerified: z.boolean(),
    cardOnFile: z.boolean(),
    address: z.boolean(),
    noStrikes: z.boolean(),
    paidBefore: z.boolean(),
  })
  .strict()
  .meta({ id: 'RegistrationSettings' });
export type RegistrationSettings = z.infer<typeof registrationSettingsSchema>;
export const DEFAULT_REGISTRATION_RULES: RegistrationSettings = {
  emailVerified: true,
  cardOnFile: false,
  address: true,
  noStrikes: true,
  paidBefore: false,
};

/**
 * Identity checks above a threshold (issue 28 §3, decision 093): from `thresholdCents` of `currency` of purchases
 * within `periodMonths`, checkout waits for an approved identity document; documents are deleted `retentionMonths`
 * after upload (the legal period).
 */
export const identitySettingsSchema = z
  .object({
    enabled: z.boolean().default(true),
    thresholdCents: z
      .number({ error: m.identityThresholdInvalid })
      .int(m.identityThresholdInvalid)
      .min(0, m.identityThresholdInvalid)
      .max(10_000_000_000, m.identityThresholdInvalid),
    currency: textField({ error: m.identityCurrencyInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, m.identityCurrencyInvalid),
    periodMonths: z
      .number({ error: m.identityPeriodInvalid })
      .int(m.identityPeriodInvalid)
      .min(1, m.identityPeriodInvalid)
      .max(120, m.identityPeriodInvalid),
    retentionMonths: z
      .number({ error: m.identityRetentionInvalid })
      .int(m.identityRetentionInvalid)
      .min(1, m.identityRetentionInvalid)
      .max(240, m.identityRetentionInvalid),
  })
  .strict()
  .meta({ id: 'IdentitySettings' });
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;
/** EUR 10,000 within 12 months (the EU and UK art-market rules), documents kept 5 years. */
export const DEFAULT_IDENTITY_SETTINGS: IdentitySettings = {
  enabled: true,
  thresholdCents: 1_000_000,
  currency: 'EUR',
  periodMonths: 12,
  retentionMonths: 60,
};

/** The longest conditions of sale a house may print, per language (a catalogue's few pages of small print). */
export const CATALOGUE_CONDITIONS_MAX = 20_000;
const conditionsText = textField().trim().max(CATALOGUE_CONDITIONS_MAX, m.conditionsMax);

/**
 * House setting `catalogue_conditions`: the house's own conditions of sale as its printed catalogues carry them, in
 * each language the site speaks. A language left empty prints the standard summary, translated, with the sale's
 * buyer's premium: a house that writes only English still gets French and Arabic catalogues (decision 094 addendum).
 */
export const catalogueConditionsSettingsSchema = z
  .object({ en: conditionsText, fr: conditionsText, ar: conditionsText })
  .strict()
  .meta({ id: 'CatalogueConditionsSettings' });
export type CatalogueConditionsSettings = z.infer<typeof catalogueConditionsSettingsSchema>;
export const DEFAULT_CATALOGUE_CONDITIONS: CatalogueConditionsSettings = { en: '', fr: '', ar: '' };

/** Every setting as it applies now, and whether the house changed it (false: the install's default). */
export const houseSettingsSchema = z
  .object({
    bankTransfer: bankTransferSettingsSchema,
    shipping: shippingSettingsSchema,
    increments: incrementSettingsSchema,
    premium: premiumSettingsSchema,
    house: houseIdentitySettingsSchema,
    settlements: settlementSettingsSchema,
    identity: identitySettingsSchema,
    registration: registrationSettingsSchema,
    /** Non-payers (issue 28 §4, decision 092): active strikes before bidding is blocked. */
    strikes: strikeSettingsSchema,
    /** Deposits (issue 28 §2, decision 091): the limit multiple and the lot estimate that needs a deposit. */
    deposits: depositSettingsSchema,
    /** Autopay (issue 29 §4, decision 096): how long after the invoice a saved card is charged. */
    autopay: autopaySettingsSchema,
    /** Telephone bids (issue 29 §1, decision 097): the lowest estimate that takes lines, and lines per lot. */
    telephone: telephoneSettingsSchema,
    /** Condition reports on request (issue 29 §2, decision 095): the hours the house promises to answer within. */
    conditionReports: conditionReportSettingsSchema,
    /** The conditions of sale printed in catalogues, per language (decision 094 addendum); empty: the standard text. */
    catalogueConditions: catalogueConditionsSettingsSchema,
    changed: z.object({
      bank_transfer: z.boolean(),
      shipping: z.boolean(),
      increments: z.boolean(),
      premium: z.boolean(),
      house: z.boolean(),
      settlements: z.boolean(),
      identity: z.boolean(),
      registration: z.boolean(),
      strikes: z.boolean(),
      deposits: z.boolean(),
      autopay: z.boolean(),
      telephone: z.boolean(),
      condition_reports: z.boolean(),
      catalogue_conditions: z.boolean(),
    }),
  })
  .meta({ id: 'HouseSettings' });
export type HouseSettings = z.infer<typeof houseSettingsSchema>;
export const houseSettingsResponseSchema = z
  .object({ data: houseSettingsSchema })
  .meta({ id: 'HouseSettingsResponse' });
export const houseSettingsSavedResponseSchema = z
  .object({ message: textField(), data: houseSettingsSchema })
  .meta({ id: 'HouseSettingsSaved' });
