import type * as CountryStateCity from 'country-state-city';
import type { Country, State } from '@knotwork/shared/schemas/geo';

type Csc = typeof CountryStateCity;

/**
 * Countries, subdivisions and cities from the bundled `country-state-city` data. The package holds
 * ~150k cities (several MB of JSON), so it is imported on first use rather than at start-up, and
 * every answer is computed once and kept in memory: the data only changes with the package version.
 */
export interface GeoService {
  countries(): Promise<Country[]>;
  country(code: string): Promise<Country | undefined>;
  /** Subdivisions of a known country, by name; empty where the country has none. */
  states(countryCode: string): Promise<State[]>;
  state(countryCode: string, stateCode: string): Promise<State | undefined>;
  /** City names of a state (or of the whole country when `stateCode` is undefined), sorted, unique. */
  cities(countryCode: string, stateCode: string | undefined): Promise<string[]>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });

export function createGeoService(): GeoService {
  let lib: Promise<Csc> | undefined;
  const load = () => (lib ??= import('country-state-city'));

  let countryList: Country[] | undefined;
  let countryIndex: Map<string, Country> | undefined;
  const stateCache = new Map<string, { list: State[]; index: Map<string, State> }>();
  const cityCache = new Map<string, string[]>();

  const countriesLoaded = async () => {
    if (!countryList || !countryIndex) {
      const { Country } = await load();
      countryList = Country.getAllCountries()
        .map((c) => ({
          code: c.isoCode,
          name: c.name,
          // The data has '44', '+1-684' and '1-809 and 1-829'; keep the first prefix and always lead with '+'.
          phoneCode: `+${c.phonecode.split(/\s+and\s+/)[0]!.replace(/^\+/, '')}`,
          flag: c.flag,
        }))
        .sort((a, b) => collator.compare(a.name, b.name));
      countryIndex = new Map(countryList.map((c) => [c.code, c]));
    }
    return { list: countryList, index: countryIndex };
  };

  const statesLoaded = async (countryCode: string) => {
    let entry = stateCache.get(countryCode);
    if (!entry) {
      const { State } = await load();
      const list = State.getStatesOfCountry(countryCode)
        .map((s) => ({ code: s.isoCode.toUpperCase(), name: s.name }))
        .sort((a, b) => collator.compare(a.name, b.name));
      entry = { list, index: new Map(list.map((s) => [s.code, s])) };
      stateCache.set(countryCode, entry);
    }
    return entry;
  };

  return {
    countries: async () => (await countriesLoaded()).list,
    country: async (code) => (await countriesLoaded()).index.get(code.toUpperCase()),
    states: async (countryCode) => (await statesLoaded(countryCode.toUpperCase())).list,
    state: async (countryCode, stateCode) =>
      (await statesLoaded(countryCode.toUpperCase())).index.get(stateCode.toUpperCase()),
    async cities(countryCode, stateCode) {
      const key = `${countryCode}/${stateCode ?? '*'}`;
      let names = cityCache.get(key);
      if (!names) {
        const { City } = await load();
        const rows = stateCode
          ? City.getCitiesOfState(countryCode, stateCode)
          : (City.getCitiesOfCountry(countryCode) ?? []);
        names = [...new Set(rows.map((c) => c.name))].sort(collator.compare);
        cityCache.set(key, names);
      }
      return names;
    },
  };
}

/** One instance per process: the caches are worth sharing between app instances (tests build many). */
let shared: GeoService | undefined;
export const geoService = (): GeoService => (shared ??= createGeoService());
