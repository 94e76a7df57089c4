import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages as m } from '@knotwork/shared/schemas/import-staff';

import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { form, header, rugRow } from './import-fixtures.ts';

/**
 * Issue 25 section 4: hostile CSVs. A NUL byte in a cell made the preview answer 500 (its answer schema refused the
 * echoed cell); every input now gets a 4xx naming the row (the file's line) and the column, or is read safely: a
 * BOM, UTF-16, Windows-1252 (said so in the preview) and mixed line endings.
 */
describe('back office import: hostile and foreign CSV files', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t, { role: 'specialist' });
  });
  afterAll(() => t.close());

  const preview = (data: Buffer, url = '/admin/import/rugs/preview') => {
    const { payload, 'content-type': contentType } = form({ file: { name: 'rugs.csv', data } });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${specialist.token}`, 'content-type': contentType },
    });
  };
  const utf8 = (lines: string[], eol = '\n') => Buffer.from(`${lines.join(eol)}${eol}`, 'utf8');

  /** A 400 whose message is `message` and whose errors name the row and the column. */
  function refused(
    res: { statusCode: number; body: string; json: () => unknown },
    message: string,
    row: number,
    column?: string,
  ) {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(message);
    expect(body.errors.row).toBe(String(row));
    if (column !== undefined) expect(body.errors.column).toBe(column);
  }

  it('a NUL byte in a cell: 400 with its row and column, on the preview and on the import', async () => {
    const file = utf8([header, rugRow(1), rugRow(2, { title: 'Heriz\u0000carpet' })]);
    refused(await preview(file), m.cellNul, 3, 'title');
    refused(await preview(file, '/admin/import/rugs'), m.cellNul, 3, 'title');
  });

  it('a NUL byte in the header: 400 on line 1', async () => {
    refused(await preview(utf8([`${header},no\u0000te`, `${rugRow(1)},x`])), m.cellNul, 1, 'no\uFFFDte');
  });

  it('other control characters: 400 with row and column; tabs and line breaks inside quotes are text', async () => {
    refused(
      await preview(utf8([header, rugRow(1, { description: 'Bell\u0007 here' })])),
      m.cellControl,
      2,
      'description',
    );
    refused(
      await preview(utf8([header, rugRow(1, { conditionReport: 'Escape \u001b[31m' })])),
      m.cellControl,
      2,
      'conditionReport',
    );
    const fine = await preview(utf8([header, rugRow(1, { description: '"Two\tcolumns\nand two lines"' })]));
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.rows[0].cells.description).toBe('Two\tcolumns\nand two lines');
  });

  it('a huge cell: 400 with its row and column', async () => {
    refused(
      await preview(utf8([header, rugRow(1), rugRow(2, { description: 'x'.repeat(100_000) })])),
      m.cellTooLong,
      3,
      'description',
    );
  });

  it('broken CSV (an unclosed quote, a row with too many cells): 400 with the row', async () => {
    refused(await preview(utf8([header, rugRow(1, { title: '"Unclosed' })])), m.csvUnreadable, 2);
    refused(await preview(utf8([header, rugRow(1), `${rugRow(2)},extra`])), m.csvUnreadable, 3);
  });

  it('a UTF-8 BOM is read and not shown; no warning', async () => {
    const res = await preview(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8([header, rugRow(1, { title: 'Tapis Héréké' })])]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.columns[0]).toBe('reference');
    expect(res.json().data.rows[0].cells.title).toBe('Tapis Héréké');
    expect(res.json().data.warnings).toEqual([]);
  });

  it('UTF-16 with its BOM (Excel\u2019s Unicode text) is read', async () => {
    const text = `${[header, rugRow(1, { title: 'سجادة تبريز' })].join('\r\n')}\r\n`;
    const le = await preview(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(le.statusCode, le.body).toBe(200);
    expect(le.json().data.rows[0].cells.title).toBe('سجادة تبريز');
    const be = Buffer.from(text, 'utf16le').swap16();
    const big = await preview(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().data.rows[0].cells.title).toBe('سجادة تبريز');
  });

  it('a Windows-1252 file (as a spreadsheet exports it) is read as such, and the preview says so', async () => {
    const text = `${[header, rugRow(1, { title: 'Tapis Héréké – très beau', originRegion: 'Hereke' })].join('\r\n')}\r\n`;
    const latin = Buffer.from(text.replace('–', '\u0096'), 'latin1');
    const res = await preview(latin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows[0].cells.title).toBe('Tapis Héréké – très beau');
    expect(res.json().data.rows[0].cells.title).not.toContain('\uFFFD');
    expect(res.json().data.warnings).toEqual([m.readAsWindows1252]);
  });

  it('mixed line endings (CRLF, LF, CR) are read, not refused', async () => {
    const file = Buffer.from(`${header}\r\n${rugRow(1)}\n${rugRow(2)}\r${rugRow(3)}\r\n`, 'utf8');
    const res = await preview(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.summary).toMatchObject({ total: 3, toCreate: 3, inError: 0 });
    expect(res.json().data.rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
  });
});
