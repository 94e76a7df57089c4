import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '@knotwork/shared/schemas/import-staff';

import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { form, header, rugRow } from './import-fixtures.ts';
import { inSeconds } from '../helpers/staff.ts';
import { makeZip } from './zip-writer.ts';

describe('back office: importing rugs and lots from CSV', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  let accounts: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t);
    accounts = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
  });
  afterAll(() => t.close());

  const upload = (
    url: string,
    files: Record<string, { name: string; data: Buffer }>,
    token = specialist.token,
  ) => {
    const { payload, 'content-type': contentType } = form(files);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  };
  const csv = (lines: string[]) => ({ name: 'rugs.csv', data: Buffer.from(`${lines.join('\n')}\n`) });
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);

  async function finished(jobId: string) {
    for (let i = 0; i < 600; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/import/jobs/${jobId}`,
        headers: { authorization: `Bearer ${specialist.token}` },
      });
      expect(res.statusCode).toBe(200);
      const job = res.json().data;
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('import did not finish');
  }

  it('previews every row with its errors and line numbers, and writes nothing', async () => {
    const before = await count('select count(*) as n from rugs');
    const res = await upload('/admin/import/rugs/preview', {
      file: csv([
        header,
        rugRow(1),
        rugRow(2, { widthCm: 'wide', style: 'martian' }),
        rugRow(3, { estimateLow: '900', estimateHigh: '100' }),
        rugRow(1),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { summary, rows } = res.json().data;
    expect(summary).toMatchObject({ total: 4, toCreate: 1, existing: 0, inError: 3 });
    expect(rows[1].errors.map((e: { field: string }) => e.field).sort()).toEqual(['style', 'widthCm']);
    expect(rows[1].errors[0].line).toBe(3);
    expect(rows[1].errors.find((e: { field: string }) => e.field === 'style').message).toBe(
      `${importMessages.valueNotAllowed}: persian, turkish, caucasian, centralAsian, moroccan, indian, chinese, european, modern`,
    );
    expect(rows[2].errors).toEqual([{ line: 4, field: 'estimateHigh', message: expect.any(String) }]);
    expect(rows[3].errors[0]).toMatchObject({ field: 'reference', message: importMessages.duplicateInFile });
    expect(await count('select count(*) as n from rugs')).toBe(before);
    expect(await count('select count(*) as n from import_jobs')).toBe(0);
  });

  it('imports the good rows as drafts in batches, audits them, reports the bad rows, and creates nothing twice', async () => {
    const lines = [header];
    for (let i = 1; i <= 60; i += 1) lines.push(rugRow(100 + i, i % 20 === 0 ? { shape: 'hexagon' } : {}));
    // A row without a reference is keyed by its cells.
    lines.push(rugRow(0, { reference: '', title: 'No reference' }));
    const file = csv(lines);
    const started = await upload('/admin/import/rugs', { file });
    expect(started.statusCode, started.body).toBe(202);
    const job = await finished(started.json().data.id);
    expect(job).toMatchObject({ status: 'done', total: 58, done: 58, created: 58, skipped: 0, failed: 3 });
    expect(job.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [21, 'shape'],
      [41, 'shape'],
      [61, 'shape'],
    ]);
    const [rug] = await t.database.query<{
      status: string;
      estimate_high: string;
      import_key: string;
      colours: string[];
    }>(`select status, estimate_high, import_key, colours from rugs where import_key = 'ref:IMP-101'`);
    expect(rug).toMatchObject({ status: 'draft', import_key: 'ref:IMP-101', colours: ['red', 'navy'] });
    expect(Number(rug!.estimate_high)).toBe(150050);
    expect(
      await count(
        `select count(*) as n from staff_actions where action = 'create_rug' and details->>'importJobId' = $1`,
        [job.id],
      ),
    ).toBe(58);

    const preview = await upload('/admin/import/rugs/preview', { file });
    expect(preview.json().data.summary).toMatchObject({ toCreate: 0, existing: 58, inError: 3 });
    const again = await finished((await upload('/admin/import/rugs', { file })).json().data.id);
    expect(again).toMatchObject({ status: 'done', total: 0, created: 0, skipped: 58 });
    expect(
      await count(
        `select count(*) as n from rugs where import_key like 'ref:IMP-1%' or title = 'No reference'`,
      ),
    ).toBe(58);
  });

  it('reads the labels people type, in English, French and Arabic, with synonyms; codes still work (issue 24)', async () => {
    const lines = [
      header,
      rugRow(601, {
        style: 'Caucasian',
        ageClass: 'Antique (100+ years)',
        shape: ' RECTANGLE ',
        pileMaterials: 'Wool',
        foundationMaterials: 'silk & wool',
        knotType: 'Turkish knot',
        colours: 'Navy blue / Ivory',
        conditionGrade: 'Very good',
      }),
      rugRow(602, {
        style: 'caucasien',
        ageClass: 'semi-ancien',
        shape: 'Galerie',
        pileMaterials: 'laine et soie',
        foundationMaterials: 'Coton',
        knotType: 'Nœud asymétrique (persan)',
        colours: 'Rouge; bleu canard',
        conditionGrade: 'Très bon',
      }),
      rugRow(603, {
        style: 'قوقازي',
        ageClass: 'حديث',
        shape: 'دائري',
        pileMaterials: 'صوف وحرير',
        foundationMaterials: 'قطن',
        knotType: '',
        colours: 'أحمر',
        conditionGrade: 'جيدة جدًا',
      }),
      rugRow(604, { conditionGrade: 'v good', colours: 'gray', pileMaterials: 'WOOL | Silk' }),
      rugRow(605, { conditionGrade: 'veryGood', style: 'centralAsian' }),
      rugRow(606, { conditionGrade: 'splendid', pileMaterials: 'wool & plastic' }),
    ];
    const preview = await upload('/admin/import/rugs/preview', { file: csv(lines) });
    expect(preview.statusCode, preview.body).toBe(200);
    const { summary, rows } = preview.json().data;
    expect(summary).toMatchObject({ total: 6, toCreate: 5, inError: 1 });
    expect(rows[5].errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'conditionGrade',
      'pileMaterials',
    ]);

    const started = await upload('/admin/import/rugs', { file: csv(lines) });
    expect(started.statusCode, started.body).toBe(202);
    expect(await finished(started.json().data.id)).toMatchObject({ status: 'done', created: 5, failed: 1 });
    const stored = await t.database.query<Record<string, unknown>>(
      `select import_key, style, age_class, shape, pile_materials, foundation_materials, knot_type, colours,
         condition_grade, status from rugs where import_key = any($1) order by import_key`,
      [['ref:IMP-601', 'ref:IMP-602', 'ref:IMP-603', 'ref:IMP-604', 'ref:IMP-605']],
    );
    expect(stored).toEqual([
      {
        import_key: 'ref:IMP-601',
        style: 'caucasian',
        age_class: 'antique',
        shape: 'rectangle',
        pile_materials: ['wool'],
        foundation_materials: ['silk', 'wool'],
        knot_type: 'symmetric',
        colours: ['navy', 'ivory'],
        condition_grade: 'veryGood',
        status: 'draft',
      },
      {
        import_key: 'ref:IMP-602',
        style: 'caucasian',
        age_class: 'vintage',
        shape: 'runner',
        pile_materials: ['wool', 'silk'],
        foundation_materials: ['cotton'],
        knot_type: 'asymmetric',
        colours: ['red', 'teal'],
        condition_grade: 'veryGood',
        status: 'draft',
      },
      {
        import_key: 'ref:IMP-603',
        style: 'caucasian',
        age_class: 'modern',
        shape: 'round',
        pile_materials: ['wool', 'silk'],
        foundation_materials: ['cotton'],
        knot_type: null,
        colours: ['red'],
        condition_grade: 'veryGood',
        status: 'draft',
      },
      expect.objectContaining({
        import_key: 'ref:IMP-604',
        pile_materials: ['wool', 'silk'],
        colours: ['grey'],
        condition_grade: 'veryGood',
      }),
      expect.objectContaining({
        import_key: 'ref:IMP-605',
        style: 'centralAsian',
        condition_grade: 'veryGood',
      }),
    ]);
  });

  it('attaches photos from the zip through the media pipeline, and refuses a bad zip with a 400', async () => {
    const picture = (background: string) =>
      sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .png()
        .toBuffer();
    const png = await picture('#a33');
    const zip = makeZip([
      { name: 'photos/p1.png', data: png },
      { name: 'p2.png', data: await picture('#33a'), method: 8 },
      { name: '__MACOSX/._p1.png', data: Buffer.from('x') },
    ]);
    const file = csv([header, rugRow(500, { photos: 'p1.png|p2.png' }), rugRow(501, { photos: 'p9.png' })]);
    const preview = await upload('/admin/import/rugs/preview', { file, zip: { name: 'p.zip', data: zip } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.summary).toMatchObject({ toCreate: 1, inError: 1, photos: 2 });
    expect(preview.json().data.rows[1].errors[0].message).toContain('p9.png');
    const job = await finished(
      (await upload('/admin/import/rugs', { file, zip: { name: 'p.zip', data: zip } })).json().data.id,
    );
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 1 });
    const photos = await count(
      `select count(*) as n from rug_images i join rugs r on r.id = i.rug_id where r.import_key = 'ref:IMP-500'`,
    );
    expect(photos).toBe(2);

    const fake = makeZip([{ name: 'p1.png', data: Buffer.from('not an image at all, really') }]);
    const bad = await finished(
      (
        await upload('/admin/import/rugs', {
          file: csv([header, rugRow(502, { photos: 'p1.png' })]),
          zip: { name: 'z.zip', data: fake },
        })
      ).json().data.id,
    );
    expect(bad).toMatchObject({ created: 0, failed: 1 });
    expect(bad.errors[0]).toMatchObject({ line: 2, field: 'photos' });

    // A zip above the site's 10 MB upload limit is fine on these routes (files that are not photos are ignored).
    const large = makeZip([
      { name: 'p1.png', data: png },
      { name: 'p2.png', data: await picture('#3a3') },
      { name: 'scan.tif', data: crypto.randomBytes(11 * 1024 * 1024) },
    ]);
    const roomy = await upload('/admin/import/rugs/preview', { file, zip: { name: 'big.zip', data: large } });
    expect(roomy.statusCode, roomy.body).toBe(200);

    const refusals: Array<[Buffer, string]> = [
      [makeZip([{ name: '../evil.png', data: png }]), importMessages.zipUnsafe],
      [makeZip([{ name: '/etc/evil.png', data: png }]), importMessages.zipUnsafe],
      [
        makeZip([{ name: 'bomb.png', data: Buffer.alloc(1000), method: 8, declaredSize: 600 * 1024 * 1024 }]),
        importMessages.zipTooLarge,
      ],
      [Buffer.from('PK not really a zip'), importMessages.zipUnreadable],
    ];
    for (const [data, message] of refusals) {
      const res = await upload('/admin/import/rugs/preview', { file, zip: { name: 'z.zip', data } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('answers a bad CSV with a 400 and field errors, never a 500', async () => {
    const cases: Array<[Record<string, { name: string; data: Buffer }>, string]> = [
      [{ file: csv(['title,colour', 'x,y']) }, importMessages.unknownColumns],
      [{ file: csv(['title,description', 'x,y']) }, importMessages.missingColumns],
      [{ file: csv([header]) }, importMessages.csvEmpty],
      [{ file: { name: 'x.csv', data: Buffer.from('a,b\n"unclosed,1\n') } }, importMessages.csvUnreadable],
      [{ zip: { name: 'z.zip', data: Buffer.from('x') } }, importMessages.csvRequired],
    ];
    for (const [files, message] of cases) {
      const res = await upload('/admin/import/rugs/preview', files);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A full-size file (5,000 rows, over a megabyte) is fine; one row more is refused.
    const big = [header];
    for (let i = 1; i <= 5000; i += 1) big.push(rugRow(10_000 + i));
    const full = await upload('/admin/import/rugs/preview', { file: csv(big) });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().data.summary.toCreate).toBe(5000);
    big.push(rugRow(99_999));
    const over = await upload('/admin/import/rugs/preview', { file: csv(big) });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(importMessages.csvTooManyRows);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/import/rugs',
      payload: { file: 'x' },
      headers: { authorization: `Bearer ${specialist.token}` },
    });
    expect(json.statusCode).toBe(400);
    expect(
      (await upload('/admin/import/rugs/preview', { file: csv([header, rugRow(1)]) }, accounts.token))
        .statusCode,
    ).toBe(403);
  });

  it('imports lots into a draft sale through the add-lot rules, once', async () => {
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auctions',
      payload: {
        title: 'Imported Sale',
        startsAt: inSeconds(3600),
        endsAt: inSeconds(7200),
        staggerSeconds: 60,
        draft: true,
      },
      headers: { authorization: `Bearer ${specialist.token}` },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const auctionId = sale.json().data.id as string;
    await t.database.query(
      `update rugs set status = 'available' where import_key in ('ref:IMP-101', 'ref:IMP-102')`,
    );
    const lots = {
      name: 'lots.csv',
      data: Buffer.from(
        'rug,lotNumber,openingBid,reserve,buyNowPrice,estimateLow,estimateHigh\n' +
          'IMP-101,1,500,600,,1000,1500\n' +
          'IMP-102,2,500,100,,1000,1500\n' +
          'IMP-103,3,500,,,1000,1500\n' +
          'NOPE,4,500,,,1000,1500\n',
      ),
    };
    const preview = await upload(`/admin/import/lots/preview?auctionId=${auctionId}`, { file: lots });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as Array<{ status: string; errors: Array<{ field: string }> }>;
    expect(rows.map((r) => r.status)).toEqual(['new', 'error', 'error', 'error']);
    expect(rows[1]!.errors[0]!.field).toBe('reserve');
    expect(rows[3]!.errors[0]!.field).toBe('rug');
    const job = await finished(
      (await upload(`/admin/import/lots?auctionId=${auctionId}`, { file: lots })).json().data.id,
    );
    expect(job).toMatchObject({ status: 'done', created: 1, failed: 3 });
    expect(await count('select count(*) as n from lots where auction_id = $1', [auctionId])).toBe(1);
    const again = await finished(
      (await upload(`/admin/import/lots?auctionId=${auctionId}`, { file: lots })).json().data.id,
    );
    expect(again).toMatchObject({ created: 0, skipped: 1 });
    expect(
      await count(`select count(*) as n from staff_actions where action = 'create_lot' and auction_id = $1`, [
        auctionId,
      ]),
    ).toBe(1);
    const missing = await upload('/admin/import/lots/preview', { file: lots });
    expect(missing.statusCode).toBe(400);
  });
});
