import {
  IMPORT_TEMPLATES,
  type ImportKind,
  type ImportRowError,
} from '@knotwork/shared/schemas/import-staff';

/** Offers `text` as a file download (a template, or the rows in error). */
export function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const downloadTemplate = (kind: ImportKind) =>
  downloadText(`knotwork-${kind}-template.csv`, IMPORT_TEMPLATES[kind]);

const quote = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

/** The rows in error as a CSV (line, column, message) to fix the file by. */
export function errorsCsv(errors: ImportRowError[]): string {
  return ['line,field,message', ...errors.map((e) => [e.line, e.field, e.message].map(quote).join(','))].join(
    '\n',
  );
}
