import { apiCall } from '../helpers/accounts.ts';

/** A staff POST that must succeed: its body, or an error naming the path and the answer. */
export async function staffCall<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await apiCall<T>(baseUrl, path, { token, body });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A consignor (named `name`, paid by IBAN) linked to the collector's account, and a receipt of one rug with an estimate
 * of 200.00–300.00 and a reserve of 150.00, through the staff API.
 */
export async function consignRug(
  baseUrl: string,
  staffToken: string,
  opts: { name: string; collectorEmail: string; rugId: string },
): Promise<{ consignorId: string; consignment: { id: string; number: string } }> {
  const consignor = await staffCall<{ data: { id: string } }>(baseUrl, staffToken, '/admin/consignors', {
    kind: 'person',
    name: opts.name,
    userEmail: opts.collectorEmail,
    payout: { method: 'iban', holder: 'Anna Déposante', iban: 'FR14 2004 1010 0505 0001 3M02 606' },
  });
  const consignment = await staffCall<{ data: { id: string; number: string } }>(
    baseUrl,
    staffToken,
    '/admin/consignments',
    {
      consignorId: consignor.data.id,
      items: [{ rugId: opts.rugId, estimateLow: 20_000, estimateHigh: 30_000, reserve: 15_000 }],
    },
  );
  return { consignorId: consignor.data.id, consignment: consignment.data };
}
