import { z } from 'zod';
import { textField } from './text.ts';
import { geoMessages } from '../messages/geo.ts';

export { geoMessages } from '../messages/geo.ts';

/** An ISO 3166-1 alpha-2 code, any case in, upper case out. */
export const countryCodeSchema = textField({ error: geoMessages.countryRequired })
  .trim()
  .min(1, geoMessages.countryRequired)
  .regex(/^[A-Za-z]{2}$/, geoMessages.countryInvalid)
  .toUpperCase();

/** An ISO 3166-2 subdivision code without the country prefix ('CA', '01', 'ENG'). */
export const stateCodeSchema = textField()
  .trim()
  .min(1, geoMessages.stateInvalid)
  .max(10, geoMessages.stateInvalid)
  .regex(/^[A-Za-z0-9-]+$/, geoMessages.stateInvalid)
  .toUpperCase();

export const statesQuerySchema = z.object({ country: countryCodeSchema });
export const citiesQuerySchema = z.object({ country: countryCodeSchema, state: stateCodeSchema.optional() });

export const countrySchema = z
  .object({
    code: textField(),
    name: textField(),
    /** International dialling prefix with its '+', e.g. '+44', '+1-684'. */
    phoneCode: textField(),
    /** The flag emoji. */
    flag: textField(),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;
export const countryListResponseSchema = z
  .object({ data: z.array(countrySchema) })
  .meta({ id: 'CountryList' });

export const stateSchema = z.object({ code: textField(), name: textField() }).meta({ id: 'State' });
export type State = z.infer<typeof stateSchema>;
export const stateListResponseSchema = z.object({ data: z.array(stateSchema) }).meta({ id: 'StateList' });

export const citySchema = z.object({ name: textField() }).meta({ id: 'City' });
export const cityListResponseSchema = z.object({ data: z.array(citySchema) }).meta({ id: 'CityList' });
