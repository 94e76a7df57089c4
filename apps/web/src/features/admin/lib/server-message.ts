import { adminRugMessages } from '@knotwork/shared/schemas/admin-rugs';
import { i18n } from '@/lib/i18n.ts';
import { translateMessage } from '@/lib/messages.ts';

const rugIds = new Map<string, string>(Object.entries(adminRugMessages).map(([id, text]) => [text, id]));

/**
 * A fixed English message of the staff API in the page's language: the back office's own (admin namespace),
 * else the shared catalogue's, else as it came.
 */
export function adminMessage(text: string | undefined): string {
  if (!text) return '';
  const id = rugIds.get(text);
  return id ? i18n.t(`admin:server.${id}`, { defaultValue: text }) : translateMessage(text);
}
