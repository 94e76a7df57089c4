import { RUG_IMPORT_COLUMNS } from '@knotwork/shared/schemas/import-staff';

/** Fixtures of the CSV import's tests: the rugs header, a valid row, and a multipart upload body. */
export const header = RUG_IMPORT_COLUMNS.join(',');
/** A valid rugs CSV row; `over` replaces cells by column. */
export function rugRow(n: number, over: Partial<Record<(typeof RUG_IMPORT_COLUMNS)[number], string>> = {}) {
  const cells: Record<string, string> = {
    reference: `IMP-${n}`,
    title: `Imported rug ${n}`,
    description: 'From the CSV',
    originCountry: 'Iran',
    originRegion: 'Heriz',
    style: 'persian',
    ageClass: 'antique',
    circaYear: '1900',
    widthCm: '200',
    lengthCm: '300',
    shape: 'rectangle',
    pileMaterials: 'wool',
    foundationMaterials: 'cotton',
    knotType: 'symmetric',
    knotDensity: '80',
    colours: 'red|navy',
    conditionGrade: 'good',
    conditionReport: 'Even wear',
    estimateLow: '1000',
    estimateHigh: '1500.50',
    fixedPrice: '',
    photos: '',
    ...over,
  };
  return RUG_IMPORT_COLUMNS.map((c) => cells[c]).join(',');
}

/** A multipart/form-data body holding `files` by field name. */
export function form(files: Record<string, { name: string; data: Buffer }>) {
  const boundary = '----kwimport';
  const parts: Buffer[] = [];
  for (const [field, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), 'content-type': `multipart/form-data; boundary=${boundary}` };
}
