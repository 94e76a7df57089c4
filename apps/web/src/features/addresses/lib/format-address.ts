import type { Address } from '@knotwork/shared/schemas/addresses';

/** The lines of an address as a courier label prints them. */
export function addressLines(a: Address): string[] {
  const locality = [a.city, a.stateName ?? a.state, a.postalCode].filter(Boolean).join(', ');
  return [a.line1, a.line2, locality, a.countryName].filter((l): l is string => Boolean(l));
}
