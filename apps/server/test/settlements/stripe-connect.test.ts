import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayoutBatch } from '@knotwork/shared/schemas/settlements-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';
import { FAKE_CONNECT_ACCOUNTS, startStripeFake, type StripeFake } from '../fakes/stripe-fake.ts';
import { parseStripeForm } from '../fakes/http-fake.ts';
import { consignedSale, makeConsignor, putSettlementsWith } from './fixtures.ts';

/**
 * Consignors paid by Stripe Connect transfers (issue 27 §3, decision 088), through the official SDK against the local
 * stand-in: one transfer per payment whatever is retried or clicked twice, refusals shown and retried, the batch
 * marked paid only once every transfer is made.
 */
let t: TestApp;
let stripe: StripeFake;
let admin: { id: string; token: string };
let accountsStaff: { id: string; token: string };
let specialist: { id: string; token: string };

const stripeSetting = (on: boolean) => putSettlementsWith(t, admin.token, { stripeConnect: on });

beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ CURRENCY: 'EUR', ...stripe.env });
  admin = await makeUser(t, { role: 'admin' });
  accountsStaff = await makeUser(t, { role: 'accounts' });
  specialist = await makeUser(t, { role: 'specialist' });
  const on = await stripeSetting(true);
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let accountSeq = 0;
/** A fresh connected account id per consignor, so the stand-in's transfers can be counted per consignor. */
const newAccount = () => `acct_1Test${String((accountSeq += 1)).padStart(6, '0')}Kw`;

/** A consignor paid by Stripe, identity checked, owed 85,000 (a lot of 100,000 at the house's 15 %). */
async function owedStripeConsignor(accountId = newAccount()) {
  const created = await send(
    t,
    'POST',
    '/admin/consignors',
    {
      kind: 'dealer',
      name: `Stripe Dealer ${accountSeq}`,
      payout: { method: 'stripe_connect', holder: 'Tabriz Trading Ltd', accountId },
    },
    admin.token,
  );
  expect(created.statusCode, created.body).toBe(201);
  const consignor = created.json<{ data: { id: string; payout: { method: string; masked: string } } }>().data;
  expect(consignor.payout).toMatchObject({
    method: 'stripe_connect',
    masked: `acct_•••• ${accountId.slice(-4)}`,
  });
  await t.app.services.consignors.checkIdentity(admin.id, consignor.id, 'passport');
  await owe(consignor.id);
  return { id: consignor.id, accountId };
}
async function owe(consignorId: string) {
  const [lot] = await consignedSale(t.database, {
    consignorIds: [consignorId],
    lots: 1,
    hammer: () => 100_000,
  });
  const run = await send(
    t,
    'POST',
    '/admin/settlements/run',
    { items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] },
    admin.token,
  );
  expect(run.json().data).toMatchObject({ settled: 1 });
}

async function batchFor(consignorIds: string[]): Promise<AdminPayoutBatch> {
  const res = await send(t, 'POST', '/admin/payout-batches', { consignorIds }, admin.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: AdminPayoutBatch }>().data;
}
const bankFile = (batchId: string) =>
  send(t, 'GET', `/admin/payout-batches/${batchId}/file?format=csv`, undefined, admin.token);
const sendTransfers = (batchId: string, token = admin.token) =>
  send(t, 'POST', `/admin/payout-batches/${batchId}/transfers`, {}, token);
const transfersTo = (accountId: string) =>
  [...stripe.transfers.values()].filter((tr) => tr.destination === accountId);
const transferCalls = (accountId: string) =>
  stripe.calls('POST', '/v1/transfers').filter((r) => parseStripeForm(r.body).destination === accountId);
const balance = async (account: string) =>
  Number(
    (
      await t.database.query<{ n: string | number }>(
        `select coalesce(sum(amount_cents), 0) as n from ledger_lines where account = $1`,
        [account],
      )
    )[0]!.n,
  );

describe('a Stripe connected account as payout method', () => {
  it('refuses an account id that is not one (400 on the field), and never answers it in clear', async () => {
    for (const accountId of [
      'acct_12',
      'ACCT_1Nv0FGQ9RKHgCVdK',
      'FR1420041010050500013M02606',
      'acct_1Nv0-FGQ9RK',
    ]) {
      const res = await send(
        t,
        'POST',
        '/admin/consignors',
        { kind: 'person', name: 'Bad Account', payout: { method: 'stripe_connect', holder: 'X', accountId } },
        admin.token,
      );
      expect(res.statusCode, accountId).toBe(400);
      expect(res.json().errors).toMatchObject({
        'payout.accountId': 'Enter the Stripe connected account id: acct_ followed by letters and digits',
      });
    }
    const c = await owedStripeConsignor('acct_1Nv0FGQ9RKHgCVdK');
    const detail = await send(t, 'GET', `/admin/consignors/${c.id}`, undefined, admin.token);
    expect(detail.body).not.toContain('acct_1Nv0FGQ9RKHgCVdK');
    expect(detail.json().data.payout).toEqual({
      method: 'stripe_connect',
      holder: 'Tabriz Trading Ltd',
      masked: 'acct_•••• CVdK',
    });
  });
});

describe('Stripe Connect transfers of a payout batch', () => {
  it('transfers the amount to the account once, keyed on the payment; the batch is then marked paid once', async () => {
    const c = await owedStripeConsignor();
    const batch = await batchFor([c.id]);
    const [item] = batch.items;
    expect(item).toMatchObject({
      method: 'stripe',
      amountCents: 85_000,
      transfer: { status: 'not_sent', attempts: 0 },
    });

    // Not before the transfer: a Stripe payment is paid by its transfer, and it is in no bank file.
    const early = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/must be transferred/);
    const file = await bankFile(batch.id);
    expect(file.statusCode).toBe(409);

    const sent = await sendTransfers(batch.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'Stripe transfers sent',
      sent: { succeeded: 1, failed: 0, pending: 0 },
    });
    const calls = transferCalls(c.accountId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['idempotency-key']).toBe(`knotwork-payout-${item!.id}-1`);
    expect(parseStripeForm(calls[0]!.body)).toMatchObject({
      amount: '85000',
      currency: 'eur',
      destination: c.accountId,
      transfer_group: batch.number,
      metadata: { knotwork_batch: batch.number, knotwork_batch_item: item!.id, knotwork_consignor: c.id },
    });
    const [transfer] = transfersTo(c.accountId);
    const after = sent.json<{ data: AdminPayoutBatch }>().data.items[0]!;
    expect(after.transfer).toMatchObject({ status: 'succeeded', attempts: 1, transferId: transfer!.id });

    // A second click sends nothing: the payment is transferred.
    const again = await sendTransfers(batch.id);
    expect(again.json().sent).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    expect(transferCalls(c.accountId)).toHaveLength(1);

    const paid = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, accountsStaff.token);
    expect(paid.statusCode, paid.body).toBe(200);
    const twice = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(twice.statusCode).toBe(409);
    const late = await sendTransfers(batch.id);
    expect(late.statusCode).toBe(409);

    // The journal: the consignor is paid in full, the clearing account is back to zero for this payment, and every
    // entry of the journal balances.
    expect(await balance(`consignor:${c.id}`)).toBe(0);
    const confirmed = await t.database.query<{ n: string | number }>(
      `select count(*) as n from ledger_entries where idempotency_key in ($1, $2)`,
      [`payout:${item!.id}`, `payout-confirmed:${item!.id}`],
    );
    expect(Number(confirmed[0]!.n)).toBe(2);
    const unbalanced = await t.database.query(
      `select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
  });

  it('a send whose answer was lost is sent again under the same key: one transfer', async () => {
    const c = await owedStripeConsignor();
    const batch = await batchFor([c.id]);
    // Every try of the SDK (the first and its two retries) answers 500: the outcome is not known.
    stripe.failures.nextTransfer = 3;
    const first = await sendTransfers(batch.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().sent).toEqual({ succeeded: 0, failed: 0, pending: 1 });
    expect(first.json().data.items[0].transfer).toMatchObject({ status: 'pending', attempts: 1 });
    // Money may have moved: the batch can no longer be cancelled.
    const cancel = await send(t, 'POST', `/admin/payout-batches/${batch.id}/cancel`, {}, admin.token);
    expect(cancel.statusCode).toBe(409);

    const retry = await sendTransfers(batch.id);
    expect(retry.json().sent).toEqual({ succeeded: 1, failed: 0, pending: 0 });
    const keys = new Set(transferCalls(c.accountId).map((r) => r.headers['idempotency-key']));
    expect(keys).toEqual(new Set([`knotwork-payout-${batch.items[0]!.id}-1`]));
    expect(transfersTo(c.accountId)).toHaveLength(1);
    expect(retry.json().data.items[0].transfer).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('two sends at the same moment transfer once', async () => {
    const c = await owedStripeConsignor();
    const batch = await batchFor([c.id]);
    const [a, b] = await Promise.all([sendTransfers(batch.id), sendTransfers(batch.id, accountsStaff.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(transfersTo(c.accountId)).toHaveLength(1);
    const rows = await t.database.query<{ outcome: string }>(
      `select outcome from payout_transfers where batch_item_id = $1`,
      [batch.items[0]!.id],
    );
    expect(rows.map((r) => r.outcome)).toEqual(['succeeded']);
  });

  it('a refused transfer shows why, never marks paid, and succeeds when retried after the fix', async () => {
    const c = await owedStripeConsignor(FAKE_CONNECT_ACCOUNTS.cannotReceive);
    const bank = await makeConsignor(t.app, admin.id, { name: 'Bank Consignor' });
    await owe(bank);
    const batch = await batchFor([c.id, bank]);
    expect(batch.items.map((i) => i.method).sort()).toEqual(['bank', 'stripe']);

    const failed = await sendTransfers(batch.id);
    expect(failed.json().sent).toEqual({ succeeded: 0, failed: 1, pending: 0 });
    const stripeItem = failed
      .json<{ data: AdminPayoutBatch }>()
      .data.items.find((i) => i.method === 'stripe')!;
    expect(stripeItem.transfer).toMatchObject({
      status: 'failed',
      attempts: 1,
      transferId: null,
      failureReason: 'account_cannot_receive',
      failureText: 'This Stripe account cannot receive transfers yet',
      stripeMessage: expect.stringContaining('capabilities'),
    });
    const paid = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(paid.statusCode).toBe(409);
    // The bank file holds the bank payment only.
    const csv = await bankFile(batch.id);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Bank Consignor');
    expect(csv.body).not.toContain('Tabriz');

    // The consignor finishes Stripe's onboarding; the retry is a new attempt under a new key.
    stripe.cannotReceive.delete(FAKE_CONNECT_ACCOUNTS.cannotReceive);
    try {
      const retry = await sendTransfers(batch.id);
      expect(retry.json().sent).toEqual({ succeeded: 1, failed: 0, pending: 0 });
      const keys = transferCalls(c.accountId).map((r) => r.headers['idempotency-key']);
      expect(keys).toEqual([`knotwork-payout-${stripeItem.id}-1`, `knotwork-payout-${stripeItem.id}-2`]);
      expect(transfersTo(c.accountId)).toHaveLength(1);
    } finally {
      stripe.cannotReceive.add(FAKE_CONNECT_ACCOUNTS.cannotReceive);
    }
    const nowPaid = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(nowPaid.statusCode, nowPaid.body).toBe(200);
    expect(await balance(`consignor:${c.id}`)).toBe(0);
    expect(await balance(`consignor:${bank}`)).toBe(0);
  });

  it('an account Stripe does not know is refused in words; a batch with only refusals can be cancelled', async () => {
    const c = await owedStripeConsignor(FAKE_CONNECT_ACCOUNTS.missing);
    const batch = await batchFor([c.id]);
    const res = await sendTransfers(batch.id);
    expect(res.json().data.items[0].transfer).toMatchObject({
      status: 'failed',
      failureReason: 'account_not_found',
    });
    const cancel = await send(t, 'POST', `/admin/payout-batches/${batch.id}/cancel`, {}, admin.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balance(`consignor:${c.id}`)).toBe(-85_000);
  });

  it('an outcome is written once: the database refuses to change it', async () => {
    await expect(
      t.database
        .query(`update payout_transfers set outcome = 'failed', failure_reason = 'refused', transfer_id = null
        where outcome = 'succeeded'`),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query(`delete from payout_transfers`)).rejects.toThrow(/append-only/);
  });
});

describe('who may send, and when', () => {
  it('accounts and admins send; a specialist is refused', async () => {
    const c = await owedStripeConsignor();
    const batch = await batchFor([c.id]);
    const refused = await sendTransfers(batch.id, specialist.token);
    expect(refused.statusCode).toBe(403);
    expect(transferCalls(c.accountId)).toHaveLength(0);
    const ok = await sendTransfers(batch.id, accountsStaff.token);
    expect(ok.statusCode, ok.body).toBe(200);
    const unknown = await sendTransfers('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('with Stripe Connect off a Stripe consignor is held and nothing is sent', async () => {
    const c = await owedStripeConsignor();
    const batch = await batchFor([c.id]);
    expect((await stripeSetting(false)).statusCode).toBe(200);
    try {
      const res = await sendTransfers(batch.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/Stripe Connect payouts are off/);
      await owe(c.id);
      const payable = (await send(t, 'GET', '/admin/payouts', undefined, admin.token))
        .json<{ data: { consignorId: string; heldReason: string | null; payableCents: number }[] }>()
        .data.find((p) => p.consignorId === c.id);
      expect(payable).toMatchObject({ heldReason: 'stripe_connect_off', payableCents: 0 });
    } finally {
      expect((await stripeSetting(true)).statusCode).toBe(200);
    }
    expect(transferCalls(c.accountId)).toHaveLength(0);
  });

  it('a bank-only batch has nothing to send', async () => {
    const bank = await makeConsignor(t.app, admin.id);
    await owe(bank);
    const batch = await batchFor([bank]);
    const res = await sendTransfers(batch.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This batch has no Stripe payment to send');
  });
});
