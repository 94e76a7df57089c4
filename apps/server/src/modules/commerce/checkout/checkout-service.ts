import { addressMessages } from '@knotwork/shared/schemas/addresses';
import {
  paymentMessages as m,
  type BankTransferResponse,
  type Checkout,
  type CheckoutQuote,
  type CheckoutRequest,
  type PaymentProvider,
  type ShippingAddressCopy,
} from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-error.ts';
import { createAddressRepository } from '../../addresses/repository.ts';
import type { IdentitySettings, ShippingSettings } from '@knotwork/shared/schemas/house-settings-staff';
import { originCountry, shippingQuote } from '../../addresses/shipping.ts';
import type { SettingsService } from '../../house-settings/service.ts';
import { isoFromMs, isoOrNullFromMs, isUuid, num, numOrNull } from '../../../db/raw.ts';
import { PAYMENT_DUE_MS } from '../orders/pricing.ts';
import {
  findCheckout,
  findSameOpenCheckout,
  insertCheckout,
  lockOrders,
  type CheckoutDbRow,
  type PayableOrderRow,
} from './checkout-repository.ts';
import { computeQuote } from './quote.ts';
import { requireIdentityCheck } from '../../identity/standing.ts';
import { findTaxRate } from './tax-rate-repository.ts';
import { earliestDueMs, extendFixedPriceDue } from '../orders/order-repository.ts';
import { buyerOf } from '../documents/documents-repository.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../payment-mails.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.ts';

export function toApiCheckout(row: CheckoutDbRow): Checkout {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    method: row.method,
    orderIds: row.order_ids,
    shippingAddress: row.shipping_address,
    quote: row.quote,
    invoiceNumber: row.invoice_number,
    createdAt: isoFromMs(row.created_ms),
    paidAt: isoOrNullFromMs(row.paid_ms),
  };
}

export interface PreparedCheckout {
  orders: PayableOrderRow[];
  quote: CheckoutQuote;
  addressId: string | null;
  shippingAddress: ShippingAddressCopy | null;
}

/** What a checkout is priced with besides the orders: the site currency and the house's shipping zones now. */
export interface CheckoutPricing {
  currency: string;
  shipping: ShippingSettings;
  /** The identity check above a threshold (decision 093): paying waits for it. */
  identity: IdentitySettings;
}

/** The pricing from the settings service (read through its cache; Settings change it without a deploy). */
export async function checkoutPricing(settings: SettingsService, currency: string): Promise<CheckoutPricing> {
  const { shipping, identity } = await settings.get();
  return { currency, shipping, identity };
}

/**
 * Reads the buyer's orders under lock and prices them: every amount comes from the orders, the address and the
 * tax settings, never from the client. Another buyer's order answers 404 like a missing one (ids cannot be probed).
 */
export async function prepareCheckout(
  tx: Db,
  userId: string,
  req: CheckoutRequest,
  pricing: CheckoutPricing,
): Promise<PreparedCheckout> {
  let shippingAddress: ShippingAddressCopy | null = null;
  let addressId: string | null = null;
  if (req.shippingMethod === 'courier') {
    if (!req.addressId) throw badRequest(m.addressRequired, { errors: { addressId: m.addressRequired } });
    const address = await createAddressRepository(tx).find(userId, req.addressId);
    if (!address) throw notFound(addressMessages.notFound);
    addressId = address.id;
    shippingAddress = {
      name: address.name,
      phone: address.phone,
      line1: address.line1,
      line2: address.line2,
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
      country: address.country,
    };
  }
  const locked = await lockOrders(tx, req.orderIds);
  const byId = new Map(locked.map((o) => [o.id.toLowerCase(), o]));
  const orders = req.orderIds.map((id) => byId.get(id.toLowerCase()));
  for (const order of orders) {
    if (!order || order.user_id !== userId) throw notFound(m.orderNotFound);
    if (order.status !== 'awaiting_payment') throw conflict(m.orderNotPayable, { code: 'ORDER_NOT_PAYABLE' });
    if (
      order.kind === 'fixed_price' &&
      order.reserved_ms !== null &&
      num(order.reserved_ms) <= num(order.now_ms)
    ) {
      throw conflict(m.holdExpired, { code: 'HOLD_EXPIRED' });
    }
  }
  const payable = orders as PayableOrderRow[];
  const currencies = new Set(payable.map((o) => o.currency));
  if (currencies.size > 1) throw conflict(m.mixedCurrencies, { code: 'MIXED_CURRENCIES' });
  const shipping = shippingAddress
    ? { method: 'courier' as const, ...shippingQuote(shippingAddress.country, pricing.shipping) }
    : { method: 'collect' as const, zone: null, amount: 0 };
  // Collected in person: supplied where the house is.
  const taxRate = shippingAddress
    ? await findTaxRate(tx, shippingAddress.country, shippingAddress.state)
    : await findTaxRate(tx, originCountry(pricing.shipping), null);
  const quote = computeQuote({
    lines: payable.map((o) => ({
      orderId: o.id,
      rugId: o.rug_id,
      title: o.rug_title,
      lotNumber: numOrNull(o.lot_number),
      kind: o.kind,
      hammerPrice: numOrNull(o.hammer_price),
      buyersPremium: num(o.buyers_premium),
      itemPrice: num(o.item_price),
    })),
    shipping,
    taxRate,
    currency: payable[0]?.currency ?? pricing.currency,
  });
  return { orders: payable, quote, addressId, shippingAddress };
}

/**
 * Opens (or, for a retried request, finds) a checkout for `method` inside the caller's transaction: the quote
 * frozen with a payment reference. A retry with the same orders, method, address and amounts gets the same checkout,
 * so a provider call keyed on the checkout id (Stripe Idempotency-Key, PayPal-Request-Id) never charges twice.
 * The card and PayPal providers call this, then create their intent or order for `quote.total` in `quote.currency`.
 */
export async function openCheckout(
  tx: Db,
  userId: string,
  req: CheckoutRequest,
  method: PaymentProvider,
  pricing: CheckoutPricing,
): Promise<CheckoutDbRow> {
  const prepared = await prepareCheckout(tx, userId, req, pricing);
  await requireIdentityCheck(tx, userId, req.orderIds, pricing);
  const base = {
    userId,
    orderIds: prepared.orders.map((o) => o.id),
    method,
    shippingMethod: req.shippingMethod,
    addressId: prepared.addressId,
  };
  return (
    (await findSameOpenCheckout(tx, { ...base, total: prepared.quote.total })) ??
    (await insertCheckout(tx, { ...base, shippingAddress: prepared.shippingAddress, quote: prepared.quote }))
  );
}

export function createCheckoutService(deps: {
  db: Db;
  currency: string;
  settings: SettingsService;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { db } = deps;
  const pricing = () => checkoutPricing(deps.settings, deps.currency);
  return {
    /** One checkout by id (undefined when there is none); the route checks it is the caller's. */
    find: async (checkoutId: string) => (isUuid(checkoutId) ? findCheckout(db, checkoutId) : undefined),

    /** What the checkout page shows before the buyer chooses how to pay. Nothing is stored or held. */
    async quote(userId: string, req: CheckoutRequest) {
      const prices = await pricing();
      const { quote, shippingAddress } = await db.transaction((tx) =>
        prepareCheckout(tx, userId, req, prices),
      );
      return { ...quote, shippingAddress };
    },

    /**
     * A bank-transfer checkout. The orders stay awaiting payment until staff record the transfer. A fixed-price
     * hold is extended to the payment due date: the buyer has completed checkout, and a transfer takes days.
     * A new checkout mails the buyer the reference, amount, due date and the house's instructions (a retried
     * request finds the same checkout and mails nothing more).
     */
    async bankTransfer(userId: string, req: CheckoutRequest): Promise<BankTransferResponse['data']> {
      const [prices, settings] = await Promise.all([pricing(), deps.settings.get()]);
      const { data, created } = await db.transaction(async (tx) => {
        const prepared = await prepareCheckout(tx, userId, req, prices);
        await requireIdentityCheck(tx, userId, req.orderIds, prices);
        const base = {
          userId,
          orderIds: prepared.orders.map((o) => o.id),
          method: 'bank_transfer' as const,
          shippingMethod: req.shippingMethod,
          addressId: prepared.addressId,
        };
        const found = await findSameOpenCheckout(tx, { ...base, total: prepared.quote.total });
        const checkout =
          found ??
          (await insertCheckout(tx, {
            ...base,
            shippingAddress: prepared.shippingAddress,
            quote: prepared.quote,
          }));
        await extendFixedPriceDue(tx, checkout.order_ids, PAYMENT_DUE_MS);
        const dueMs = await earliestDueMs(tx, checkout.order_ids);
        return {
          created: !found,
          data: {
            checkout: toApiCheckout(checkout),
            reference: checkout.reference,
            instructions: settings.bankTransfer.instructions,
            dueAt: isoFromMs(dueMs),
          },
        };
      });
      if (created) {
        const buyer = await buyerOf(db, userId);
        await sendAfterCommit(deps.mailer, deps.log, {
          to: buyer.email,
          ...paymentMails.bankTransferRequested({
            firstName: buyer.firstName,
            reference: data.reference,
            total: data.checkout.quote.total,
            currency: data.checkout.quote.currency,
            dueAt: new Date(data.dueAt),
            instructions: data.instructions,
            orderUrl: new URL(paymentWebPaths.order(data.checkout.orderIds[0]!), deps.publicUrl).toString(),
            language: buyer.language,
          }),
        });
      }
      return data;
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
