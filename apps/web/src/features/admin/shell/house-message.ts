import { adminCollectionMessages } from '@knotwork/shared/schemas/collections-staff';
import { adminMessageMessages } from '@knotwork/shared/schemas/contact-staff';
import { i18n } from '@/lib/i18n.ts';
import { adminMessage } from './server-message.ts';

/** English text → key under admin-house:server. */
const ids = new Map<string, string>([
  ...Object.entries(adminCollectionMessages).map(([id, text]): [string, string] => [
    text,
    `collection_${id}`,
  ]),
  ...Object.entries(adminMessageMessages).map(([id, text]): [string, string] => [text, `message_${id}`]),
]);

/** A message of the collections or contact-message API in the page's language, else as the back office says it. */
export function houseMessage(text: string | undefined): string {
  if (!text) return '';
  const id = ids.get(text);
  return id ? i18n.t(`admin-house:server.${id}`, { defaultValue: text }) : adminMessage(text);
}
