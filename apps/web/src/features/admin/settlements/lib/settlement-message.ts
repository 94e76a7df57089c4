import { adminSettlementMessages } from '@knotwork/shared/schemas/settlements-staff';
import { i18n } from '@/lib/i18n.ts';
import { adminMessage } from '../../shell/server-message.ts';

const ids = new Map(
  Object.entries(adminSettlementMessages).map(([id, text]): [string, string] => [text, id]),
);
const m = adminSettlementMessages;
const tr = (id: string, text: string, values?: Record<string, string>) =>
  i18n.t(`admin-settlements:server.${id}`, { defaultValue: text, ...values });

/**
 * A message of the settlements API in the page's language. Some name a consignor before the fixed words
 * ("Ada Weaver has no IBAN: export this batch as CSV"); those keep the name and translate the rest.
 */
export function settlementMessage(text: string | undefined): string {
  if (!text) return '';
  const id = ids.get(text);
  if (id) return tr(id, text);
  const held = new RegExp(`^(.+) ${m.consignorHeld} \\((.+)\\)$`).exec(text);
  if (held) {
    const [, name = '', why = ''] = held;
    const reason = why === 'nothing owed' ? tr('nothingOwed', why) : heldText(why);
    return tr('consignorHeldNamed', text, { name, reason });
  }
  for (const key of ['sepaNotIban', 'payoutDetailsMissing'] as const) {
    if (text.endsWith(` ${m[key]}`))
      return tr(`${key}Named`, text, { name: text.slice(0, -m[key].length - 1) });
  }
  return adminMessage(text);
}

/** The server's English reason ("held: identity not checked") back to its words in the page's language. */
function heldText(english: string): string {
  const keys: Record<string, string> = {
    'held: identity not checked': 'identity_not_checked',
    'held: no payout details': 'no_payout_details',
    'held: consignor archived': 'archived',
    'held: Stripe Connect payouts are off': 'stripe_connect_off',
  };
  const key = keys[english];
  return key ? i18n.t(`admin-settlements:payoutHeld.${key}`) : english;
}
