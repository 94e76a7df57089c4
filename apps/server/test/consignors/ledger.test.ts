import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The consignors' journal (decision 086): balanced entries only, never changed, once per idempotency key. */
let t: TestApp;
let consignorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.query<{ id: string }>(
    `insert into consignors (kind, name) values ('person', 'Journal Test') returning id`,
  );
  consignorId = row!.id;
});
afterAll(() => t.close());

const ledger = () => t.app.services.consignors;
const payable = () => `consignor:${consignorId}`;

async function lineCount(): Promise<number> {
  const [row] = await t.database.query<{ n: string | number }>('select count(*) as n from ledger_lines');
  return Number(row!.n);
}

describe('the journal', () => {
  it('posts a balanced entry once per idempotency key', async () => {
    const key = `hammer:${crypto.randomUUID()}`;
    const lines = [
      { account: 'house:hammer_clearing', amountCents: 100_000 },
      { account: payable(), amountCents: -100_000 },
    ];
    const first = await ledger().postLedgerEntry(
      { kind: 'hammer_credit', idempotencyKey: key, consignorId },
      lines,
    );
    const again = await ledger().postLedgerEntry(
      { kind: 'hammer_credit', idempotencyKey: key, consignorId },
      lines,
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect((await ledger().balances([payable()])).get(payable())).toBe(-100_000);
  });

  it('refuses an unbalanced entry in the service and in the database', async () => {
    await expect(
      ledger().postLedgerEntry({ kind: 'commission', idempotencyKey: crypto.randomUUID() }, [
        { account: 'house:commission_income', amountCents: -10 },
        { account: payable(), amountCents: 9 },
      ]),
    ).rejects.toThrow(/sum to zero/);

    const before = await lineCount();
    // Straight to the database, as a bug past the service would: the commit fails and nothing stays.
    await expect(
      t.database.withConnection(async (conn) => {
        await conn.exec('begin');
        try {
          const [entry] = await conn.query<{ id: string }>(
            `insert into ledger_entries (kind, idempotency_key) values ('commission', $1) returning id`,
            [crypto.randomUUID()],
          );
          await conn.query(
            `insert into ledger_lines (entry_id, account, amount_cents) values ($1, 'house:fee_income', -10), ($1, $2, 9)`,
            [entry!.id, payable()],
          );
          await conn.exec('commit');
        } catch (err) {
          await conn.exec('rollback').catch(() => undefined);
          throw err;
        }
      }),
    ).rejects.toThrow(/unbalanced/);
    // A lone entry without lines, and a single line, are unbalanced too.
    await expect(
      t.database.query(`insert into ledger_entries (kind, idempotency_key) values ('vat', $1)`, [
        crypto.randomUUID(),
      ]),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      t.database.query(
        `with e as (insert into ledger_entries (kind, idempotency_key) values ('vat', $1) returning id)
         insert into ledger_lines (entry_id, account, amount_cents) select id, 'house:vat_payable', 5 from e`,
        [crypto.randomUUID()],
      ),
    ).rejects.toThrow(/unbalanced/);
    // A zero line says nothing and is refused at once.
    await expect(
      t.database.query(
        `with e as (insert into ledger_entries (kind, idempotency_key) values ('vat', $1) returning id)
         insert into ledger_lines (entry_id, account, amount_cents)
           select id, 'house:vat_payable', 0 from e union all select id, 'house:bank', 0 from e`,
        [crypto.randomUUID()],
      ),
    ).rejects.toThrow();
    expect(await lineCount()).toBe(before);
  });

  it('is append-only: updates, deletes and truncates raise', async () => {
    const { id } = await ledger().postLedgerEntry(
      { kind: 'payout', idempotencyKey: crypto.randomUUID(), consignorId },
      [
        { account: payable(), amountCents: 500 },
        { account: 'house:payouts_clearing', amountCents: -500 },
      ],
    );
    const refusals = [
      [`update ledger_lines set amount_cents = 600 where entry_id = $1`, [id]],
      [`delete from ledger_lines where entry_id = $1`, [id]],
      [`update ledger_entries set memo = 'changed' where id = $1`, [id]],
      [`delete from ledger_entries where id = $1`, [id]],
      [`truncate ledger_lines`, []],
      [`truncate ledger_entries cascade`, []],
    ] as const;
    for (const [query, params] of refusals)
      await expect(t.database.query(query, [...params]), query).rejects.toThrow(/append-only/);
    const [entry] = await t.database.query<{ memo: string }>(
      `select memo from ledger_entries where id = $1`,
      [id],
    );
    expect(entry!.memo).toBe('');
  });

  it('lets the database clear the staff link when that account is deleted, and nothing else', async () => {
    const [staff] = await t.database.query<{ id: string }>(
      `insert into users (first_name, last_name, email, role, email_verified_at)
       values ('Gone', 'Staff', $1, 'accounts', now()) returning id`,
      [`gone.${crypto.randomUUID()}@example.com`],
    );
    const { id } = await ledger().postLedgerEntry(
      { kind: 'payout', idempotencyKey: crypto.randomUUID(), consignorId, createdBy: staff!.id },
      [
        { account: payable(), amountCents: 1 },
        { account: 'house:payouts_clearing', amountCents: -1 },
      ],
    );
    await t.database.query(`delete from users where id = $1`, [staff!.id]);
    const [entry] = await t.database.query<{ created_by: string | null }>(
      `select created_by from ledger_entries where id = $1`,
      [id],
    );
    expect(entry!.created_by).toBeNull();
  });
});
