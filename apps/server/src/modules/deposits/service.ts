import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { limitFromDeposit } from '@knotwork/shared/bidding/exposure';
import {
  depositMessages as m,
  type BankDepositBody,
  type CardHoldBody,
  type Deposit,
  type DepositSettings,
  type DepositSummary,
} from '@knotwork/shared/schemas/deposits';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { maskCard } from '../auth/user-mapper.ts';
import { mainCheckoutOf } from '../commerce/payments/ledger-repository.ts';
import { savedCardOf } from '../commerce/providers/provider-repository.ts';
import { depositRepository as repo, type DepositRow, type EndKind } from './repository.ts';

/** What the staff's bank-transfer desk answers (commerce/payments/payment-staff-service.ts recordBankTransfer). */
export interface RecordedTransfer {
  outcome: 'paid' | 'partial' | 'credit' | 'duplicate' | 'refused';
  paymentId: string;
}

export interface DepositDeps {
  db: Db;
  log: FastifyBaseLogger;
  currency: string;
  /** The official SDK pointed at Stripe (or the tests' stand-in); null without keys: no card holds. */
  stripe: Stripe | null;
  settings: () => Promise<DepositSettings>;
  /** Records a bank transfer against a checkout by its reference, once per transferId (the staff payment desk). */
  recordBankTransfer: (
    staffId: string,
    input: { reference: string; amount: number; currency: string; transferId: string },
  ) => Promise<RecordedTransfer>;
}

/** A card attempt's Stripe keys: the same attempt (a double submit, a retry) creates and confirms one intent. */
const holdKeys = (userId: string, attempt: string) => ({
  create: `knotwork-deposit-${userId}-${attempt}-intent`,
  confirm: `knotwork-deposit-${userId}-${attempt}-confirm`,
});
const cancelKey = (depositId: string) => `knotwork-deposit-${depositId}-cancel`;

export const toDeposit = (d: DepositRow): Deposit => ({
  id: d.id,
  auctionId: d.auction_id,
  saleTitle: d.sale_title,
  kind: d.kind,
  amountCents: num(d.amount_cents),
  currency: d.currency,
  state: d.state ?? 'failed',
  reference: d.kind === 'bank_transfer' ? d.reference : d.state === 'failed' ? d.end_reference : null,
  createdAt: new Date(num(d.created_ms)).toISOString(),
  endedAt: d.ended_ms === null ? null : new Date(num(d.ended_ms)).toISOString(),
  orderId: d.order_id,
});

/** A Stripe error's shape, as the SDK throws it. */
interface StripeErrorLike {
  type?: string;
  code?: string;
  statusCode?: number;
  raw?: { payment_intent?: { id?: string } };
}

/**
 * Deposits and card holds (issue 28 §2, decision 091). A held deposit sets the bidder's limit to
 * limitFromDeposit(total held, the house's multiple), never below a larger limit staff set by hand, in the same
 * transaction as the deposit's event; its end puts the hand limit back. Stripe is called outside any transaction,
 * with one Idempotency-Key per attempt.
 */
export function createDepositService(deps: DepositDeps) {
  const { db, log } = deps;

  /**
   * Sets the bidder's limit from what they hold now, under their deposit lock and their limit row's lock (the bid
   * path's lock: a bid in flight finishes first). The rule (decision 091): with deposits held the limit is the larger
   * of the deposit's limit and the limit staff set by hand; with none it is the hand limit again (no row: no limit).
   * A limit staff change by hand while a deposit raised it becomes the hand limit.
   */
  async function applyLimit(tx: Db, userId: string, multiple: number): Promise<void> {
    const depositLimit = limitFromDeposit(await repo.heldCents(tx, userId), multiple);
    const row = await repo.limitRow(tx, userId);
    let hand: number | null = null;
    const setByDeposit =
      row?.source === 'deposit' &&
      row.deposit_limit_cents !== null &&
      num(row.limit_cents) === num(row.deposit_limit_cents);
    if (row)
      hand = setByDeposit
        ? row.hand_limit_cents === null
          ? null
          : num(row.hand_limit_cents)
        : num(row.limit_cents);
    if (depositLimit > 0 && (hand === null || depositLimit > hand)) {
      await repo.setDepositLimit(tx, userId, depositLimit, hand);
    } else if (row?.source === 'deposit') {
      await repo.restoreHandLimit(tx, userId, hand);
    }
  }

  async function summary(userId: string): Promise<DepositSummary> {
    const [list, held, settings, limit, card] = await Promise.all([
      repo.list(db, userId),
      repo.heldCents(db, userId),
      deps.settings(),
      repo.limitOf(db, userId),
      repo.savedCard(db, userId),
    ]);
    const saved = card[0];
    return {
      deposits: list.map(toDeposit),
      heldCents: held,
      depositLimitCents: limitFromDeposit(held, settings.limitMultiple),
      multiple: settings.limitMultiple,
      limitCents: limit ? num(limit.limit_cents) : null,
      limitSource: limit ? (limit.source as DepositSummary['limitSource']) : null,
      cardHolds: deps.stripe !== null,
      savedCard: saved?.stripe_payment_method_id ? maskCard(saved.card_last4, saved.card_brand) : null,
      currency: deps.currency,
    };
  }

  /** The sale a deposit is for, checked: it exists and is not over; its amount is the sale's when none is given. */
  async function depositAmount(auctionId: string | null, amountCents: number | undefined): Promise<number> {
    if (auctionId) {
      const sale = await repo.sale(db, auctionId);
      if (!sale || sale.status === 'draft') throw notFound(m.saleNotFound);
      if (sale.status === 'closed' || sale.status === 'cancelled')
        throw conflict(m.saleOver, { code: 'SALE_OVER' });
      if (amountCents === undefined && sale.deposit_cents === null)
        throw badRequest(m.saleNoDeposit, { errors: { amountCents: m.saleNoDeposit } });
      return amountCents ?? num(sale.deposit_cents!);
    }
    if (amountCents === undefined)
      throw badRequest(m.amountInvalid, { errors: { amountCents: m.amountInvalid } });
    return amountCents;
  }

  /** Writes a deposit and its first event, and sets the limit, in one transaction. */
  async function write(input: Parameters<typeof repo.insert>[1]): Promise<string | undefined> {
    // Read before the transaction: the settings are read on the pool (PGlite has one connection).
    const multiple = (await deps.settings()).limitMultiple;
    return db.transaction(async (tx) => {
      await repo.lockBidder(tx, input.userId);
      const id = await repo.insert(tx, input);
      if (id && input.first === 'held') await applyLimit(tx, input.userId, multiple);
      if (id && input.recordedBy) {
        await recordStaffAction(tx, {
          staffId: input.recordedBy,
          action: 'record_deposit',
          userId: input.userId,
          auctionId: input.auctionId,
          details: {
            depositId: id,
            amountCents: input.amountCents,
            currency: input.currency,
            reference: input.reference,
          },
        });
      }
      return id;
    });
  }

  /** Ends a held deposit (released, refunded, applied) and puts the limit back, audited when staff did it. */
  async function end(
    deposit: DepositRow,
    e: { kind: EndKind; byUser: string | null; orderId?: string | null; reference?: string | null },
  ): Promise<boolean> {
    const multiple = (await deps.settings()).limitMultiple;
    return db.transaction(async (tx) => {
      await repo.lockBidder(tx, deposit.user_id);
      if (!(await repo.end(tx, deposit.id, e))) return false;
      await applyLimit(tx, deposit.user_id, multiple);
      if (e.byUser) {
        await recordStaffAction(tx, {
          staffId: e.byUser,
          action: e.kind === 'applied_to_order' ? 'apply_deposit' : 'release_deposit',
          userId: deposit.user_id,
          auctionId: deposit.auction_id,
          orderId: e.orderId ?? null,
          details: {
            depositId: deposit.id,
            kind: e.kind,
            amountCents: num(deposit.amount_cents),
            currency: deposit.currency,
            reference: e.reference ?? null,
          },
        });
      }
      return true;
    });
  }

  /** Cancels a card hold's PaymentIntent at Stripe (outside any transaction); one already cancelled is fine. */
  async function cancelHold(deposit: DepositRow): Promise<void> {
    if (!deps.stripe) throw conflict(m.cardsUnavailable, { code: 'CARD_HOLDS_UNAVAILABLE' });
    try {
      await deps.stripe.paymentIntents.cancel(
        deposit.payment_intent_id!,
        {},
        { idempotencyKey: cancelKey(deposit.id) },
      );
    } catch (err) {
      const e = err as StripeErrorLike;
      // Already cancelled (or never authorised) at Stripe: nothing is held there, record it here.
      if (e.code === 'payment_intent_unexpected_state') return;
      log.error({ err, depositId: deposit.id }, 'card hold not cancelled');
      throw new HttpError(502, m.cardsUnavailable);
    }
  }

  const found = async (id: string) => {
    const deposit = await repo.find(db, id);
    if (!deposit) throw notFound(m.depositNotFound);
    return deposit;
  };

  return {
    summary,

    /**
     * The collector places a hold on their saved card: a manual-capture PaymentIntent confirmed with the saved
     * payment method. The attempt is named by the client's Idempotency-Key (else by how many deposits they have), so a
     * double submit creates one intent and one deposit. A card that needs the bank's confirmation (3-D Secure) or is
     * declined holds nothing and is said in words; a 'requires_action' intent is cancelled so nothing waits on it.
     */
    async placeCardHold(userId: string, body: CardHoldBody, idempotencyKey?: string) {
      if (!deps.stripe) throw conflict(m.cardsUnavailable, { code: 'CARD_HOLDS_UNAVAILABLE' });
      const stripe = deps.stripe;
      const amountCents = await depositAmount(body.auctionId, body.amountCents);
      const saved = await savedCardOf(db, userId);
      if (!saved?.stripe_payment_method_id || !saved.stripe_customer_id)
        throw conflict(m.cardRequired, { code: 'NO_SAVED_CARD' });
      const attempt =
        idempotencyKey ?? `n${await repo.count(db, userId)}-${body.auctionId ?? 'house'}-${amountCents}`;
      const keys = holdKeys(userId, attempt);
      const currency = deps.currency;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: currency.toLowerCase(),
            capture_method: 'manual',
            customer: saved.stripe_customer_id,
            payment_method: saved.stripe_payment_method_id,
            // A card only: a hold cannot wait on a redirect the collector is not shown.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description: 'Knotwork bidding deposit',
            metadata: { kind: 'bidder_deposit', userId, auctionId: body.auctionId ?? '' },
          },
          { idempotencyKey: keys.create },
        );
        const existing = await repo.byIntent(db, intent.id);
        if (existing)
          return { message: m.holdPlaced, data: toDeposit(existing), summary: await summary(userId) };
        if (intent.status === 'requires_confirmation' || intent.status === 'requires_payment_method') {
          intent = await stripe.paymentIntents.confirm(
            intent.id,
            { payment_method: saved.stripe_payment_method_id },
            { idempotencyKey: keys.confirm },
          );
        }
      } catch (err) {
        const e = err as StripeErrorLike;
        if (e.type === 'StripeCardError' || e.type === 'card_error') {
          const failedIntent = e.raw?.payment_intent?.id;
          if (failedIntent) {
            await write({
              userId,
              auctionId: body.auctionId,
              kind: 'card_hold',
              amountCents,
              currency,
              paymentIntentId: failedIntent,
              first: 'failed',
              firstReference: e.code ?? 'card_declined',
            });
          }
          throw conflict(m.cardDeclined, { code: 'CARD_DECLINED' });
        }
        log.error({ err }, 'card hold failed at the provider');
        throw new HttpError(502, m.cardsUnavailable);
      }
      if (intent.status !== 'requires_capture') {
        const needsAction = intent.status === 'requires_action';
        // Nothing is held: cancel what the bank waits on, so no authorisation appears later.
        await stripe.paymentIntents
          .cancel(intent.id, {}, { idempotencyKey: `knotwork-deposit-attempt-${intent.id}-cancel` })
          .catch((err: unknown) => log.warn({ err }, 'unconfirmed hold not cancelled'));
        await write({
          userId,
          auctionId: body.auctionId,
          kind: 'card_hold',
          amountCents,
          currency,
          paymentIntentId: intent.id,
          first: 'failed',
          firstReference: intent.status,
        });
        if (needsAction) throw conflict(m.cardNeedsAction, { code: 'CARD_NEEDS_ACTION' });
        throw conflict(m.cardDeclined, { code: 'CARD_DECLINED' });
      }
      await write({
        userId,
        auctionId: body.auctionId,
        kind: 'card_hold',
        amountCents,
        currency,
        paymentIntentId: intent.id,
        first: 'held',
      });
      const deposit = (await repo.byIntent(db, intent.id))!;
      return { message: m.holdPlaced, data: toDeposit(deposit), summary: await summary(userId) };
    },

    /** Staff record a bank transfer received as a deposit (audited, the limit set in the same transaction). */
    async recordBankDeposit(staffId: string, userId: string, body: BankDepositBody) {
      if (!(await repo.userExists(db, userId))) throw notFound(m.depositNotFound);
      const amountCents = await depositAmount(body.auctionId, body.amountCents);
      const id = (await write({
        userId,
        auctionId: body.auctionId,
        kind: 'bank_transfer',
        amountCents,
        currency: deps.currency,
        reference: body.reference,
        recordedBy: staffId,
        first: 'held',
      }))!;
      return {
        message: m.bankRecorded,
        data: toDeposit((await repo.find(db, id))!),
        summary: await summary(userId),
      };
    },

    /**
     * Staff end a held deposit: a card hold is released (its PaymentIntent cancelled at Stripe first, outside the
     * transaction), a bank deposit recorded as sent back (refunded). Either puts the limit back.
     */
    async release(staffId: string, depositId: string, reference?: string) {
      const deposit = await found(depositId);
      if (deposit.state !== 'held') throw conflict(m.notHeld, { code: 'DEPOSIT_NOT_HELD' });
      if (deposit.kind === 'card_hold') await cancelHold(deposit);
      const kind: EndKind = deposit.kind === 'card_hold' ? 'released' : 'refunded';
      if (!(await end(deposit, { kind, byUser: staffId, reference: reference ?? null })))
        throw conflict(m.notHeld, { code: 'DEPOSIT_NOT_HELD' });
      return {
        message: kind === 'released' ? m.released : m.refunded,
        data: toDeposit((await repo.find(db, depositId))!),
        summary: await summary(deposit.user_id),
      };
    },

    /**
     * Staff apply a held bank deposit to one of the bidder's orders, as a bank-transfer payment through the staff's
     * payment desk, once (its transfer id is the deposit's): the order's checkout must exist (the buyer chose
     * shipping and bank transfer). Then the deposit ends 'applied_to_order' and the limit goes back. A retry after a
     * lost answer finds the payment already recorded and the deposit applied, and answers the same.
     */
    async applyToOrder(staffId: string, depositId: string, orderId: string) {
      const deposit = await found(depositId);
      if (deposit.kind !== 'bank_transfer') throw conflict(m.cardHoldNotApplied, { code: 'CARD_HOLD' });
      if (deposit.state === 'applied_to_order' && deposit.order_id === orderId)
        return { message: m.applied, data: toDeposit(deposit), summary: await summary(deposit.user_id) };
      if (deposit.state !== 'held') throw conflict(m.notHeld, { code: 'DEPOSIT_NOT_HELD' });
      const order = await repo.orderOf(db, deposit.user_id, orderId);
      if (!order) throw notFound(m.orderNotFound);
      const checkout = await mainCheckoutOf(db, orderId);
      if (!checkout) throw conflict(m.noCheckout, { code: 'NO_CHECKOUT' });
      const recorded = await deps.recordBankTransfer(staffId, {
        reference: checkout.reference,
        amount: num(deposit.amount_cents),
        currency: deposit.currency,
        transferId: `deposit-${deposit.id}`,
      });
      if (recorded.outcome === 'refused') throw conflict(m.paymentRefused, { code: 'PAYMENT_REFUSED' });
      await end(deposit, {
        kind: 'applied_to_order',
        byUser: staffId,
        orderId,
        reference: `payment:${recorded.paymentId}`,
      });
      const after = (await repo.find(db, depositId))!;
      if (after.state !== 'applied_to_order') throw conflict(m.notHeld, { code: 'DEPOSIT_NOT_HELD' });
      return { message: m.applied, data: toDeposit(after), summary: await summary(deposit.user_id) };
    },

    async setSaleDeposit(staffId: string, auctionId: string, depositCents: number | null) {
      await db.transaction(async (tx) => {
        if (!(await repo.setSaleDeposit(tx, auctionId, depositCents))) throw notFound(m.saleNotFound);
        await recordStaffAction(tx, {
          staffId,
          action: 'record_deposit',
          auctionId,
          details: { saleDepositCents: depositCents },
        });
      });
      return { message: m.saleDepositSaved, data: { depositCents } };
    },

    async saleDeposit(auctionId: string) {
      const sale = await repo.sale(db, auctionId);
      if (!sale) throw notFound(m.saleNotFound);
      return { depositCents: sale.deposit_cents === null ? null : num(sale.deposit_cents) };
    },

    async toApply() {
      const list = await repo.toApply(db);
      return list.map((d) => ({
        deposit: toDeposit(d),
        userId: d.user_id,
        bidderName: d.bidder_name,
        unpaidOrderIds: d.unpaid ?? [],
      }));
    },

    /**
     * The job (every 30 s): card holds of sales that are over are released, their PaymentIntents cancelled, so none
     * outlives its sale by more than a minute; house-wide holds after 6 days (before Stripe lets them lapse). Each is cancelled at Stripe, then its 'released' event written with
     * the limit; a process racing another writes nothing twice (the unique ending event). Bank deposits are left to
     * staff (toApply). Answers how many were released.
     */
    async releaseHoldsAfterSales(batch = 25): Promise<number> {
      if (!deps.stripe) return 0;
      let released = 0;
      for (const hold of await repo.holdsToRelease(db, batch)) {
        const deposit = await repo.find(db, hold.id);
        if (!deposit || deposit.state !== 'held') continue;
        try {
          await cancelHold(deposit);
        } catch {
          continue; // logged; the next run tries again
        }
        if (await end(deposit, { kind: 'released', byUser: null, reference: 'sale_over' })) released += 1;
      }
      return released;
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
