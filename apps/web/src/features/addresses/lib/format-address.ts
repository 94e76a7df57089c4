import type { Address } from '@knotwork/shared/schemas/addresses';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { formatAddress } from '@knotwork/shared/addresses/formats';

/** The lines of a saved address as its country writes them (decision 073), without the name (shown apart). */
export function addressLines(a: Address): string[] {
  return formatAddress(a, { withoutName: true, countryName: a.countryName });
}

/** A country's name in the reader's language ('GB' -> 'Royaume-Uni'), the code where the browser has none. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The ship-to copy frozen on an order, name first, as its country writes it. */
export function shipToLines(a: ShippingAddressCopy, language: string): string[] {
  return formatAddress(a, { countryName: countryName(a.country, language) });
}
