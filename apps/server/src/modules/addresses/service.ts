import {
  ADDRESS_MAX_PER_USER,
  addressMessages,
  type Address,
  type AddressInput,
  type ShippingQuote,
} from '@knotwork/shared/schemas/addresses';
import type { ShippingSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { geoMessages } from '@knotwork/shared/schemas/geo';
import { usesRegion } from '@knotwork/shared/addresses/formats';
import type { AddressRow } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { GeoService } from '../geo/service.ts';
import type { AddressRepository, AddressValues } from './repository.ts';
import { shippingQuote } from './shipping.ts';

/**
 * Saved addresses. The rules: a user only ever reaches their own rows (another user's id is a 404, the
 * same as a missing one, so ids cannot be probed); at most ADDRESS_MAX_PER_USER; exactly one default as
 * soon as there is any address: the first is the default, choosing another clears the old one, and
 * deleting the default promotes the newest remaining address.
 */
export function createAddressService(deps: {
  repo: AddressRepository;
  geo: GeoService;
  currency: string;
  /** The house's shipping zones and rates as they are now (Settings, decision 064). */
  shippingSettings?: () => Promise<ShippingSettings>;
}) {
  const { repo, geo, currency } = deps;

  /** Checks the country and state against the geo data and returns the columns to store. */
  async function resolve(input: AddressInput): Promise<AddressValues> {
    if (!(await geo.country(input.country))) {
      throw badRequest(geoMessages.countryUnknown, { errors: { country: geoMessages.countryUnknown } });
    }
    // A region only where the country's addresses use one (decision 073): elsewhere (the UK, France...) none is kept.
    const states = usesRegion(input.country) ? await geo.states(input.country) : [];
    let state: string | null = null;
    if (states.length > 0) {
      if (!input.state)
        throw badRequest(geoMessages.stateRequired, { errors: { state: geoMessages.stateRequired } });
      if (!(await geo.state(input.country, input.state))) {
        throw badRequest(geoMessages.stateUnknown, { errors: { state: geoMessages.stateUnknown } });
      }
      state = input.state;
    }
    return {
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2 ?? null,
      city: input.city,
      state,
      postalCode: input.postalCode ?? null,
      country: input.country,
    };
  }

  async function present(row: AddressRow): Promise<Address> {
    const [country, state] = await Promise.all([
      geo.country(row.country),
      row.state ? geo.state(row.country, row.state) : undefined,
    ]);
    return {
      id: row.id,
      name: row.name,
      phone: row.phone,
      line1: row.line1,
      line2: row.line2,
      city: row.city,
      state: row.state,
      stateName: state?.name ?? row.state,
      postalCode: row.postalCode,
      country: row.country,
      countryName: country?.name ?? row.country,
      isDefault: row.isDefault,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const presentAll = (rows: AddressRow[]) => Promise.all(rows.map(present));

  return {
    list: async (userId: string) => presentAll(await repo.list(userId)),

    async add(userId: string, input: AddressInput): Promise<Address> {
      const values = await resolve(input);
      const row = await repo.forUser(userId, async (q) => {
        const existing = await q.count(userId);
        if (existing >= ADDRESS_MAX_PER_USER) throw conflict(addressMessages.tooMany);
        const isDefault = existing === 0 || input.isDefault === true;
        if (isDefault) await q.clearDefault(userId);
        return q.insert(userId, values, isDefault);
      });
      return present(row);
    },

    /** A full replacement. `isDefault: true` makes it the default; `false` never leaves the user without one. */
    async update(userId: string, id: string, input: AddressInput): Promise<Address> {
      const values = await resolve(input);
      const row = await repo.forUser(userId, async (q) => {
        if (!(await q.find(userId, id))) throw notFound(addressMessages.notFound);
        if (input.isDefault === true) await q.clearDefault(userId, id);
        return q.update(userId, id, input.isDefault === true ? { ...values, isDefault: true } : values);
      });
      if (!row) throw notFound(addressMessages.notFound);
      return present(row);
    },

    /** Deletes the address and answers the remaining ones (with the promoted default, if any). */
    async remove(userId: string, id: string): Promise<Address[]> {
      const rows = await repo.forUser(userId, async (q) => {
        const deleted = await q.delete(userId, id);
        if (!deleted) throw notFound(addressMessages.notFound);
        if (deleted.isDefault) {
          const newest = [...(await q.list(userId))].sort(
            (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
          )[0];
          if (newest) await q.setDefault(userId, newest.id);
        }
        return q.list(userId);
      });
      return presentAll(rows);
    },

    async shipping(userId: string, addressId: string): Promise<ShippingQuote> {
      const row = await repo.find(userId, addressId);
      if (!row) throw notFound(addressMessages.notFound);
      const { zone, amount } = shippingQuote(row.country, await deps.shippingSettings?.());
      return { addressId: row.id, amount, currency, zone };
    },
  };
}
export type AddressService = ReturnType<typeof createAddressService>;
