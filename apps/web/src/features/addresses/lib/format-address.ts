import type { Address } from '@knotwork/shared/schemas/addresses';
import { formatAddress } from '@knotwork/shared/addresses/formats';

/** The lines of a saved address as its country writes them (decision 073), without the name (shown apart). */
export function addressLines(a: Address): string[] {
  return formatAddress(a, { withoutName: true, countryName: a.countryName });
}
