import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@knotwork/shared/schemas/import-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { form, header, rugRow } from './import-fixtures.ts';

/**
 * Issue 27: the rugs CSV's optional `consignor` column (an e-mail, or a name no other consignor has). Each imported
 * rug joins a receipt of its consignor: one receipt per consignor per import, numbered as the consignors service
 * numbers them, with the rug's estimates and no reserve.
 */
describe('back office: the rugs CSV names each rug’s consignor', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(() => t.close());

  const tag = () => crypto.randomBytes(4).toString('hex');
  async function consignor(name: string, opts: { email?: string | null; archived?: boolean } = {}) {
    const [row] = await t.database.query<{ id: string }>(
      `insert into consignors (kind, name, email, archived_at) values ('person', $1, $2, $3) returning id`,
      [name, opts.email ?? null, opts.archived ? new Date().toISOString() : null],
    );
    return row!.id;
  }
  const upload = (url: string, lines: string[]) => {
    const { payload, 'content-type': contentType } = form({
      file: { name: 'rugs.csv', data: Buffer.from(`${lines.join('\n')}\n`) },
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${specialist.token}`, 'content-type': contentType },
    });
  };
  async function finished(jobId: string) {
    for (let i = 0; i < 600; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/import/jobs/${jobId}`,
        headers: { authorization: `Bearer ${specialist.token}` },
      });
      const job = res.json().data;
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }
  /** The header with its `consignor` column named `as`. */
  const headerAs = (as: string) => header.replace(/,consignor$/, `,${as}`);

  it('reads the column under its French and Arabic names, and names the row and column of a bad reference', async () => {
    const k = tag();
    await consignor(`Leila ${k}`, { email: `leila.${k}@example.com` });
    await consignor(`Twin ${k}`);
    await consignor(`Twin ${k}`);
    await consignor(`Gone ${k}`, { archived: true });
    const rows = [
      rugRow(1, { reference: `C1-${k}`, consignor: `LEILA.${k}@Example.com` }),
      rugRow(2, { reference: `C2-${k}`, consignor: `leila ${k}` }),
      rugRow(3, { reference: `C3-${k}`, consignor: `nobody.${k}@example.com` }),
      rugRow(4, { reference: `C4-${k}`, consignor: `Twin ${k}` }),
      rugRow(5, { reference: `C5-${k}`, consignor: `Gone ${k}` }),
      rugRow(6, { reference: `C6-${k}`, consignor: '' }),
    ];
    for (const name of ['Déposant', 'CONSIGNATEUR', 'المودع', 'consignor']) {
      const res = await upload('/admin/import/rugs/preview', [headerAs(name), ...rows]);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.columns.at(-1)).toBe('consignor');
      expect(data.summary).toMatchObject({ total: 6, toCreate: 3, inError: 3 });
      expect(data.rows.flatMap((r: { errors: unknown[] }) => r.errors)).toEqual([
        { line: 4, field: 'consignor', message: importMessages.consignorUnknown },
        { line: 5, field: 'consignor', message: importMessages.consignorAmbiguous },
        { line: 6, field: 'consignor', message: importMessages.consignorArchived },
      ]);
    }
  });

  it('puts each consignor’s rugs on one new receipt per import, across batches; rugs without one on none', async () => {
    const k = tag();
    const leila = await consignor(`Leila ${k}`, { email: `leila.${k}@example.com` });
    const omar = await consignor(`Omar ${k}`, { email: `omar.${k}@example.com` });
    const lines = [headerAs('Déposant')];
    // 30 rows for Leila (more than one write batch of 25), 3 for Omar by his name, 2 with no consignor.
    for (let n = 1; n <= 30; n += 1)
      lines.push(rugRow(n, { reference: `L${n}-${k}`, consignor: `leila.${k}@example.com` }));
    for (let n = 1; n <= 3; n += 1)
      lines.push(
        rugRow(n, {
          reference: `O${n}-${k}`,
          consignor: `Omar ${k}`,
          estimateLow: '2000',
          estimateHigh: '2500',
        }),
      );
    for (let n = 1; n <= 2; n += 1) lines.push(rugRow(n, { reference: `N${n}-${k}` }));
    const started = await upload('/admin/import/rugs', lines);
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().data.id);
    expect(job).toMatchObject({ status: 'done', created: 35, failed: 0 });

    const receipts = await t.database.query<{ consignor_id: string; number: string; items: string }>(
      `select k.consignor_id, k.number, count(i.id) as items from consignments k
       join consignment_items i on i.consignment_id = k.id
       where k.consignor_id in ($1, $2) group by k.id order by k.number`,
      [leila, omar],
    );
    expect(receipts.map((r) => [r.consignor_id, Number(r.items)]).sort()).toEqual(
      [
        [leila, 30],
        [omar, 3],
      ].sort(),
    );
    for (const r of receipts) expect(r.number).toMatch(/^C-\d{4}-\d{4,}$/);
    const items = await t.database.query<{
      estimate_low: string;
      estimate_high: string;
      reserve: string | null;
      status: string;
    }>(
      `select i.estimate_low, i.estimate_high, i.reserve, i.status from consignment_items i
       join consignments k on k.id = i.consignment_id where k.consignor_id = $1`,
      [omar],
    );
    expect(items).toHaveLength(3);
    for (const i of items) {
      expect([Number(i.estimate_low), Number(i.estimate_high), i.reserve, i.status]).toEqual([
        200000,
        250000,
        null,
        'received',
      ]);
    }
    expect(
      await t.database.query(
        `select 1 from consignment_items i join rugs r on r.id = i.rug_id where r.import_key like $1`,
        [`ref:N%-${k}`],
      ),
    ).toHaveLength(0);
    const audit = await t.database.query<{ action: string; n: string }>(
      `select action, count(*) as n from staff_actions
       where action in ('create_consignment', 'add_consignment_item') and staff_id = $1
         and (details->>'consignorId' = any($2) or details->>'consignmentId' in
           (select id::text from consignments where consignor_id = any($2::uuid[])))
       group by action order by action`,
      [specialist.id, [leila, omar]],
    );
    expect(audit.map((a) => [a.action, Number(a.n)])).toEqual([
      ['add_consignment_item', 31],
      ['create_consignment', 2],
    ]);

    // The same file again: every rug is already imported, so no receipt is opened.
    const again = await finished((await upload('/admin/import/rugs', lines)).json().data.id);
    expect(again).toMatchObject({ status: 'done', created: 0, skipped: 35 });
    expect(
      await t.database.query('select 1 from consignments where consignor_id in ($1, $2)', [leila, omar]),
    ).toHaveLength(2);
  });
});
