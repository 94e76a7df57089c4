import { MAX_ORDERS_PER_CHECKOUT } from '@knotwork/shared/schemas/payments';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?orders=a,b` as distinct order ids (anything that is not an id is dropped; the server checks the rest). */
export function parseOrderIds(param: string | null): string[] {
  const ids = (param ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => UUID.test(s));
  return [...new Set(ids.map((s) => s.toLowerCase()))].slice(0, MAX_ORDERS_PER_CHECKOUT);
}
