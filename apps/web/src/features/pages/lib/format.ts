/** A calendar date in the reader's language, e.g. "6 January 2025" (en-GB) or "January 6, 2025" (en-US). */
export function formatLongDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}
