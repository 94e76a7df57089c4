import { isUuid } from '@knotwork/shared/constants/ids';
import { MAX_ORDERS_PER_CHECKOUT } from '@knotwork/shared/schemas/payments';

/** `?orders=a,b` as distinct order ids (anything that is not an id is dropped; the server checks the rest). */
export function parseOrderIds(param: string | null): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(isUuid);
  return [...new Set(ids.map((s) => s.toLowerCase()))].slice(0, MAX_ORDERS_PER_CHECKOUT);
}
