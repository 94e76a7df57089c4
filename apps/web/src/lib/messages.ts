import { messageIds } from '@knotwork/shared/messages/catalogue';
import { i18n } from './i18n.ts';

const ids = messageIds();

/**
 * A fixed English message from packages/shared (a zod error in a form, the `message` or a field error of a server
 * answer) in the visitor's language; any other text (already translated, or not catalogued) comes back as it is.
 * Call it while rendering, from a component that uses useTranslation, so a language switch re-renders it.
 */
export function translateMessage(text: string): string;
export function translateMessage(text: string | undefined): string | undefined;
export function translateMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const id = ids.get(text);
  return id ? i18n.t(`validation:${id}`, { defaultValue: text }) : text;
}
