import { z } from 'zod';

export const geoMessages = {
  countryRequired: 'Country is required',
  countryInvalid: 'Country must be a two-letter ISO code',
  countryUnknown: 'Unknown country',
  stateInvalid: 'State must be a subdivision code',
  stateUnknown: 'Unknown state for this country',
  stateRequired: 'State is required for this country',
} as const;

/** An ISO 3166-1 alpha-2 code, any case in, upper case out. */
export const countryCodeSchema = z
  .string({ error: geoMessages.countryRequired })
  .trim()
  .min(1, geoMessages.countryRequired)
  .regex(/^[A-Za-z]{2}$/, geoMessages.countryInvalid)
  .toUpperCase();

/** An ISO 3166-2 subdivision code without the country prefix ('CA', '01', 'ENG'). */
export const stateCodeSchema = z
  .string()
  .trim()
  .min(1, geoMessages.stateInvalid)
  .max(10, geoMessages.stateInvalid)
  .regex(/^[A-Za-z0-9-]+$/, geoMessages.stateInvalid)
  .toUpperCase();

export const statesQuerySchema = z.object({ country: countryCodeSchema });
export const citiesQuerySchema = z.object({ country: countryCodeSchema, state: stateCodeSchema.optional() });

export const countrySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    /** International dialling prefix with its '+', e.g. '+44', '+1-684'. */
    phoneCode: z.string(),
    /** The flag emoji. */
    flag: z.string(),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;
export const countryListResponseSchema = z
  .object({ data: z.array(countrySchema) })
  .meta({ id: 'CountryList' });

export const stateSchema = z.object({ code: z.string(), name: z.string() }).meta({ id: 'State' });
export type State = z.infer<typeof stateSchema>;
export const stateListResponseSchema = z.object({ data: z.array(stateSchema) }).meta({ id: 'StateList' });

export const citySchema = z.object({ name: z.string() }).meta({ id: 'City' });
export const cityListResponseSchema = z.object({ data: z.array(citySchema) }).meta({ id: 'CityList' });
