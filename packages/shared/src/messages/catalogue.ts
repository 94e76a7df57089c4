import { validationMessages } from './validation.ts';
import { apiMessages } from './api.ts';
import { addressMessages } from './addresses.ts';
import { biddingMessages } from './bidding.ts';
import { contentMessages } from './content.ts';
import { geoMessages } from './geo.ts';
import { paymentMessages } from './payments.ts';
import { paymentProviderMessages } from './payment-providers.ts';
import { identityMessages } from './identity.ts';
import { depositMessages } from './deposits.ts';
import { registrationMessages } from './registrations.ts';
import { autopayMessages } from './autopay.ts';
import { conditionReportMessages } from './condition-reports.ts';
import { telephoneMessages } from './telephone-bids.ts';
import { printedCatalogueMessages } from './printed-catalogues.ts';

/**
 * The fixed messages a visitor can read in a form or a toast, grouped as the web's `validation` translation
 * namespace groups them (`form.emailRequired`, `api.loggedIn`, ...). The English here is the source of truth; the
 * web finds a message's id from its English text, so a zod error or a server answer shows in the visitor's
 * language. Staff-only messages (admin tools, webhooks) stay English and are not listed.
 */
export const messageCatalogue = {
  form: validationMessages,
  api: apiMessages,
  geo: geoMessages,
  address: addressMessages,
  bidding: biddingMessages,
  content: contentMessages,
  identity: identityMessages,
  deposit: depositMessages,
  registration: registrationMessages,
  autopay: autopayMessages,
  conditionReport: conditionReportMessages,
  telephone: telephoneMessages,
  printedCatalogue: printedCatalogueMessages,
  payment: pick(paymentMessages, [
    'ordersRequired',
    'addressRequired',
    'shippingMethodInvalid',
    'orderNotFound',
    'orderNotPayable',
    'holdExpired',
    'mixedCurrencies',
    'checkoutNotFound',
    'invoiceNotFound',
    'bankTransferCreated',
    'offerNotFound',
    'offerClosed',
    'offerAccepted',
    'offerDeclined',
  ]),
  card: pick(paymentProviderMessages, [
    'providerNotConfigured',
    'noSavedCard',
    'cardNotReady',
    'cardSaved',
    'cardRemoved',
    'providerError',
  ]),
} as const;

function pick<T extends Record<string, string>, K extends keyof T>(
  messages: T,
  keys: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, messages[k]])) as Pick<T, K>;
}

/** "group.key" for every catalogued English text (the first id wins when two groups share a wording). */
export function messageIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [group, messages] of Object.entries(messageCatalogue)) {
    for (const [key, text] of Object.entries(messages as Record<string, string>))
      if (!ids.has(text)) ids.set(text, `${group}.${key}`);
  }
  return ids;
}
