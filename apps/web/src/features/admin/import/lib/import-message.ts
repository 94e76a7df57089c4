import { importMessages } from '@knotwork/shared/schemas/import-staff';
import { i18n } from '@/lib/i18n.ts';
import { adminMessage } from '../../shell/server-message.ts';

const ids = new Map(Object.entries(importMessages).map(([id, text]): [string, string] => [text, id]));

/**
 * An import message of the server in the page's language: the import's own (admin-import:server), else the
 * rug editor's and the catalogue's (the rows are checked with their schemas). "Not in the zip: p1.jpg" keeps
 * the file name after the colon.
 */
export function importMessage(text: string): string {
  const at = text.indexOf(': ');
  const [head, tail] = at > 0 ? [text.slice(0, at), text.slice(at)] : [text, ''];
  const id = ids.get(head);
  return id ? `${i18n.t(`admin-import:server.${id}`, { defaultValue: head })}${tail}` : adminMessage(text);
}
