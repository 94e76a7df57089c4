import { exchangeRateMessages } from '@knotwork/shared/messages/currency';
import { i18n } from '@/lib/i18n.ts';
import { translateMessage } from '@/lib/messages.ts';

const ids = new Map<string, string>(Object.entries(exchangeRateMessages).map(([id, text]) => [text, id]));

/** A fixed English message of the exchange-rate API in the page's language (currency:server), else the shared catalogue's. */
export function rateMessage(text: string | undefined): string {
  if (!text) return '';
  const id = ids.get(text);
  return id ? i18n.t(`currency:server.${id}`, { defaultValue: text }) : (translateMessage(text) ?? text);
}
