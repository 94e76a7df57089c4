import { z } from 'zod';
import { textField } from './text.ts';
import { PHONE_PATTERN } from '../constants/limits.ts';
import { countryCodeSchema, stateCodeSchema } from './geo.ts';
import { addressMessages } from '../messages/addresses.ts';
import { geoMessages } from '../messages/geo.ts';
import { usesRegion } from '../addresses/formats.ts';

export { addressMessages } from '../messages/addresses.ts';

export const ADDRESS_MAX_PER_USER = 20;
export const ADDRESS_NAME_MAX = 100;
export const ADDRESS_LINE_MAX = 120;
export const ADDRESS_CITY_MAX = 80;

/**
 * Countries whose post does not use postal codes (after Google's libaddressinput data); everywhere else
 * a postal code is required so the courier label is complete.
 */
export const COUNTRIES_WITHOUT_POSTAL_CODE: ReadonlySet<string> = new Set([
  'AE',
  'AG',
  'AN',
  'AO',
  'AW',
  'BF',
  'BI',
  'BJ',
  'BO',
  'BS',
  'BW',
  'BZ',
  'CD',
  'CF',
  'CG',
  'CI',
  'CK',
  'CM',
  'DJ',
  'DM',
  'ER',
  'FJ',
  'GA',
  'GD',
  'GH',
  'GM',
  'GQ',
  'GY',
  'HK',
  'JM',
  'KI',
  'KM',
  'KN',
  'KP',
  'LY',
  'ML',
  'MO',
  'MR',
  'MW',
  'NR',
  'NU',
  'QA',
  'RW',
  'SB',
  'SC',
  'SL',
  'SR',
  'SS',
  'ST',
  'SY',
  'TD',
  'TF',
  'TG',
  'TK',
  'TL',
  'TO',
  'TV',
  'UG',
  'VU',
  'YE',
  'ZW',
]);

const required = (message: string, max: number, maxMessage: string) =>
  textField({ error: message }).trim().min(1, message).max(max, maxMessage);

/** Empty strings and null mean "not given" for the optional fields (forms send ''). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

/**
 * POST /address/add and PUT /address/update/{id} (a full replacement). The server also checks that the
 * country exists and, where the country has subdivisions, that `state` is one of them (GET /auth/state).
 */
export const addressInputSchema = z
  .object({
    name: required(addressMessages.nameRequired, ADDRESS_NAME_MAX, addressMessages.nameMax),
    // People type "+44 (0)20 7946-0958": spaces, dots, dashes and brackets are dropped before the check.
    phone: textField({ error: addressMessages.phoneRequired })
      .trim()
      .min(1, addressMessages.phoneRequired)
      .transform((v) => v.replace(/[\s().-]/g, ''))
      .pipe(textField().regex(PHONE_PATTERN, addressMessages.phoneInvalid)),
    line1: required(addressMessages.line1Required, ADDRESS_LINE_MAX, addressMessages.lineMax),
    line2: optional(textField().trim().max(ADDRESS_LINE_MAX, addressMessages.lineMax)),
    city: required(addressMessages.cityRequired, ADDRESS_CITY_MAX, addressMessages.cityMax),
    state: optional(stateCodeSchema),
    postalCode: optional(
      textField()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/, addressMessages.postalCodeInvalid)
        .toUpperCase(),
    ),
    country: countryCodeSchema,
    /** Make this the default address. The first address is always the default. */
    isDefault: z.boolean().optional(),
  })
  .superRefine((a, ctx) => {
    if (!a.postalCode && !COUNTRIES_WITHOUT_POSTAL_CODE.has(a.country)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: addressMessages.postalCodeRequired });
    }
    // A region only where that country's addresses use one (decision 073); elsewhere it is optional and not kept.
    if (!a.state && usesRegion(a.country)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: geoMessages.stateRequired });
    }
  })
  .meta({ id: 'AddressRequest' });
export type AddressInput = z.infer<typeof addressInputSchema>;
/** What a form holds before parsing (e.g. phone with spaces). */
export type AddressFormValues = z.input<typeof addressInputSchema>;

export const addressIdParamsSchema = z.object({ id: z.uuid({ error: addressMessages.idInvalid }) });

export const addressSchema = z
  .object({
    id: textField(),
    name: textField(),
    phone: textField(),
    line1: textField(),
    line2: textField().nullable(),
    city: textField(),
    /** Subdivision code (as GET /auth/state answers), null where the country has none or none was given. */
    state: textField().nullable(),
    stateName: textField().nullable(),
    postalCode: textField().nullable(),
    country: textField(),
    countryName: textField(),
    isDefault: z.boolean(),
    createdAt: textField(),
    updatedAt: textField(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

export const addressListResponseSchema = z
  .object({ data: z.array(addressSchema) })
  .meta({ id: 'AddressList' });
export const addressResponseSchema = z
  .object({ message: textField(), data: addressSchema })
  .meta({ id: 'AddressResponse' });
/** After a delete: the remaining addresses, so the client sees which one became the default. */
export const addressDeleteResponseSchema = z
  .object({ message: textField(), data: z.array(addressSchema) })
  .meta({ id: 'AddressDeleteResponse' });

export const SHIPPING_ZONES = ['domestic', 'europe', 'rest_of_world'] as const;
export const shippingZoneSchema = z.enum(SHIPPING_ZONES);
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const shippingQuerySchema = z.object({
  addressId: z.uuid({ error: addressMessages.addressIdRequired }),
});

export const shippingQuoteSchema = z
  .object({
    addressId: textField(),
    /** Minor units (cents). */
    amount: z.number().int().min(0),
    currency: textField(),
    zone: shippingZoneSchema,
  })
  .meta({ id: 'ShippingQuote' });
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;
export const shippingQuoteResponseSchema = z
  .object({ data: shippingQuoteSchema })
  .meta({ id: 'ShippingQuoteResponse' });
