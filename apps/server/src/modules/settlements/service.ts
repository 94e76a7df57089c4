import crypto from 'node:crypto';
import {
  advancePaidEntry,
  advanceRecoveredEntry,
  consignorAccount,
  advanceAccount,
  lotSettlementEntries,
  payoutConfirmedEntry,
  payoutEntry,
  statement,
  type EntryKind,
  type JournalEntry,
  type PostingLine,
} from '@knotwork/shared/consignments/ledger-postings';
import { buildPayoutCsv, type CsvPayment } from '@knotwork/shared/consignments/payout-file-csv';
import { PayoutFileError } from '@knotwork/shared/consignments/payout-file-error';
import { buildSepaCreditTransfer, type SepaPayment } from '@knotwork/shared/consignments/payout-file-sepa';
import { settleLot, type LotOutcome, type LotSettlement } from '@knotwork/shared/consignments/settlement';
import { consignmentTermsOverrideSchema, resolveTerms } from '@knotwork/shared/consignments/terms';
import type { SettlementSettings } from '@knotwork/shared/schemas/house-settings-staff';
import {
  adminSettlementMessages as m,
  HELD_REASON_TEXT,
  TRANSFER_FAILURE_TEXT,
  type AdminAdvanceCreate,
  type AdminPayoutTransfer,
  type AdminPayable,
  type AdminPayoutBatch,
  type AdminPayoutBatchCreate,
  type AdminPayoutBatchListQuery,
  type AdminPayoutBatchSummary,
  type AdminSettlementListQuery,
  type AdminSettlementRow,
  type AdminSettlementRun,
  type AdminSettlementRunResult,
  type AdminStatement,
  type AdminStatementQuery,
  type PayoutFileFormat,
  type PayoutHeldReason,
  type PayoutReference,
  type SettlementHeldReason,
  type SettlementStatus,
} from '@knotwork/shared/schemas/settlements-staff';
import type { Db } from '../../db/client.ts';
import { isoOrNullFromMs, isoFromMs, num } from '../../db/raw.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { pageMeta } from '../../lib/paging.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { ConsignorService } from '../consignors/service.ts';
import type { LedgerEntryToPost } from '../consignors/repository.ts';
import { settlementDueAt } from './holding.ts';
import type { TransferGateway } from './stripe-transfers.ts';
import { createTransferRepository } from './transfer-repository.ts';
import { createTransferSender } from './transfer-sender.ts';
import {
  createSettlementRepository,
  type BatchItemRow,
  type BatchRow,
  type CandidateRow,
  type LotSettlementInsert,
} from './repository.ts';

/** Lots settled per transaction: small enough to hold few locks, large enough to commit rarely. */
const LOTS_PER_TRANSACTION = 250;
const PAID_STATUSES = new Set(['paid', 'shipped', 'delivered']);

interface Classified {
  row: CandidateRow;
  outcome: LotOutcome;
  hammerCents: number;
  status: SettlementStatus;
  heldReason: SettlementHeldReason | null;
  dueAt: Date | null;
}

/** What a lot is now: due, held (and why), or settled; decision 087 lists the rules. */
function classify(row: CandidateRow, holdingDays: number, now: Date): Classified {
  const outcome: LotOutcome =
    row.outcome === 'sold' ? 'sold' : row.sale_type === 'live' ? 'passed' : 'unsold';
  const hammerCents =
    outcome === 'sold'
      ? num(
          row.order_hammer ??
            (row.order_kind === 'buy_now' ? row.order_item_price : null) ??
            row.lot_hammer ??
            0,
        )
      : 0;
  const base = { row, outcome, hammerCents, dueAt: null };
  if (row.settled_ms !== null) return { ...base, status: 'settled', heldReason: null };
  const held = (heldReason: SettlementHeldReason, dueAt: Date | null = null): Classified => ({
    ...base,
    status: 'held',
    heldReason,
    dueAt,
  });
  if (outcome !== 'sold')
    return row.sale_open ? held('sale_open') : { ...base, status: 'due', heldReason: null };
  const status = row.order_status;
  if (status === null || status === 'cancelled' || status === 'expired') return held('order_cancelled');
  if (status === 'refunded') return held('refunded');
  if (status === 'partially_refunded') return held('partially_refunded');
  if (!PAID_STATUSES.has(status) || row.paid_ms === null) return held('buyer_not_paid');
  const dueAt = settlementDueAt(
    new Date(num(row.paid_ms)),
    row.delivered_ms === null ? null : new Date(num(row.delivered_ms)),
    holdingDays,
  );
  if (dueAt.getTime() > now.getTime()) return held('holding_period', dueAt);
  return { ...base, status: 'due', heldReason: null, dueAt };
}

/** Sold lots whose order was cancelled or refunded will not settle as sold: no estimate is shown for them. */
const NO_ESTIMATE = new Set<SettlementHeldReason>(['order_cancelled', 'refunded']);

/**
 * The lot as settling it now would post it: the consignment's terms resolved over the house's, then `settleLot`
 * (decision 085). The run and the list's estimate both call this, so the estimate is the settlement to the cent.
 */
function settlementOf(c: Classified, settings: SettlementSettings): LotSettlement {
  const override = consignmentTermsOverrideSchema.safeParse(c.row.terms_override ?? {});
  const terms = resolveTerms(settings.consignmentTerms, override.success ? override.data : {});
  return settleLot(terms, {
    lotId: c.row.lot_id,
    outcome: c.outcome,
    hammerCents: c.hammerCents,
    lowEstimateCents: num(c.row.estimate_low),
    reserveCents: num(c.row.reserve ?? 0),
  });
}

function estimatedNet(c: Classified, settings: SettlementSettings): number | null {
  if (c.status === 'settled' || (c.heldReason && NO_ESTIMATE.has(c.heldReason))) return null;
  return settlementOf(c, settings).lines.netCents;
}

const toRow = (c: Classified, estimatedNetCents: number | null): AdminSettlementRow => ({
  itemId: c.row.item_id,
  lotId: c.row.lot_id,
  lotNumber: num(c.row.lot_number),
  saleId: c.row.sale_id,
  saleTitle: c.row.sale_title,
  rugTitle: c.row.rug_title,
  consignorId: c.row.consignor_id,
  consignorName: c.row.consignor_name,
  consignmentNumber: c.row.consignment_number,
  outcome: c.outcome,
  hammerCents: c.hammerCents,
  orderId: c.row.order_id,
  status: c.status,
  heldReason: c.heldReason,
  heldText: c.heldReason ? HELD_REASON_TEXT[c.heldReason] : null,
  dueAt: c.dueAt?.toISOString() ?? null,
  settledAt: isoOrNullFromMs(c.row.settled_ms),
  netCents: c.row.net_cents === null ? null : num(c.row.net_cents),
  reversedAt: isoOrNullFromMs(c.row.reversed_ms),
  paidAt: c.outcome === 'sold' ? isoOrNullFromMs(c.row.paid_ms) : null,
  estimatedNetCents,
});

/** A journal entry of the shared rules as a row to post, under its idempotency key. */
const toPost = (
  entry: JournalEntry,
  key: string,
  links: Partial<Omit<LedgerEntryToPost, 'kind' | 'idempotencyKey' | 'lines'>> = {},
): LedgerEntryToPost => ({
  kind: entry.kind,
  idempotencyKey: key,
  consignorId: entry.consignorId,
  lotId: entry.lotId ?? null,
  ...links,
  lines: entry.lines,
});

/** Every line of stored entries negated, as reversals naming what they negate. */
function reversalsOf(
  rows: readonly { entry_id: string; account: string; amount_cents: string | number }[],
  keyOf: (entryId: string) => string,
  links: (entryId: string) => Partial<LedgerEntryToPost>,
): LedgerEntryToPost[] {
  const byEntry = new Map<string, { account: string; amountCents: number }[]>();
  for (const r of rows) {
    const lines = byEntry.get(r.entry_id) ?? [];
    lines.push({ account: r.account, amountCents: 0 - num(r.amount_cents) });
    byEntry.set(r.entry_id, lines);
  }
  return [...byEntry].map(([entryId, lines]) => ({
    kind: 'reversal',
    idempotencyKey: keyOf(entryId),
    reversesEntryId: entryId,
    ...links(entryId),
    lines,
  }));
}

const payableOf = (r: { balance: string | number }) => Math.max(0, 0 - num(r.balance));
/** Why a consignor cannot be paid now; `stripeOn`: the house pays Stripe accounts (Settings and keys, decision 088). */
function payoutHold(
  r: { identity_checked: boolean; payout_method: string },
  stripeOn: boolean,
): PayoutHeldReason | null {
  if (!r.identity_checked) return 'identity_not_checked';
  if (r.payout_method === 'none') return 'no_payout_details';
  if (r.payout_method === 'stripe_connect' && !stripeOn) return 'stripe_connect_off';
  return null;
}

/** A Stripe payment's transfer as staff read it: the latest attempt's outcome (none yet: not sent). */
function transferOf(i: BatchItemRow): AdminPayoutTransfer | null {
  if (i.method !== 'stripe') return null;
  const attempts = num(i.attempts);
  const status = attempts === 0 ? 'not_sent' : i.transfer_outcome === null ? 'pending' : i.transfer_outcome;
  return {
    status,
    attempts,
    transferId: i.transfer_id,
    failureReason: i.failure_reason,
    failureText: i.failure_reason ? TRANSFER_FAILURE_TEXT[i.failure_reason] : null,
    stripeMessage: i.failure_message,
    at: isoOrNullFromMs(i.transfer_ms),
  };
}

const toBatchSummary = (b: BatchRow): AdminPayoutBatchSummary => ({
  id: b.id,
  number: b.number,
  status: b.status,
  currency: b.currency.trim(),
  fileKind: b.file_kind,
  totalCents: num(b.total_cents),
  payments: num(b.payments),
  createdAt: isoFromMs(b.created_ms),
  createdBy: b.created_by ? { id: b.created_by, name: b.created_by_name ?? '' } : null,
  exportedAt: isoOrNullFromMs(b.exported_ms),
  paidAt: isoOrNullFromMs(b.paid_ms),
  cancelledAt: isoOrNullFromMs(b.cancelled_ms),
});
const toBatchItem = (i: BatchItemRow) => ({
  id: i.id,
  consignorId: i.consignor_id,
  consignorName: i.consignor_name,
  amountCents: num(i.amount_cents),
  endToEndId: i.end_to_end_id,
  payoutMethod: i.payout_method,
  payoutMasked: i.payout_masked,
  method: i.method,
  transfer: transferOf(i),
});

/** 1 January of the current year (UTC) to 1 January of the next: the default statement period. */
function period(q: AdminStatementQuery, now: Date): { from: Date; to: Date } {
  const year = now.getUTCFullYear();
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(Date.UTC(year, 0, 1));
  const to = q.to ? new Date(`${q.to}T00:00:00Z`) : new Date(Date.UTC(year + 1, 0, 1));
  return { from, to };
}

/**
 * Settling consigned lots into the consignors' journal and paying consignors in batches (issue 27, decision 087).
 * Every posting goes through the consignors service, once per idempotency key; a lot is claimed by its
 * `lot_settlements` row in the transaction that posts its entries, so two runs at once settle it once.
 */
export function createSettlementService(deps: {
  db: Db;
  consignors: ConsignorService;
  settings: () => Promise<SettlementSettings>;
  currency: string;
  /** Stripe Connect transfers, null without the Stripe keys (decision 088). */
  transfers: TransferGateway | null;
  now?: () => Date;
}) {
  const { db, consignors } = deps;
  const repo = createSettlementRepository(db);
  const transferRepo = createTransferRepository();
  const now = deps.now ?? (() => new Date());
  /** The house pays Stripe connected accounts: switched on in Settings, and the keys are set. */
  const stripeOn = async () => deps.transfers !== null && (await deps.settings()).stripeConnect;

  /** Reverses every settled lot whose buyer has since been refunded in full: once each. */
  async function reconcile(staffId: string | null): Promise<{ reversed: number; entries: number }> {
    let reversed = 0;
    let entries = 0;
    for (const r of await repo.toReverse(db)) {
      await db.transaction(async (tx) => {
        if (!(await repo.markReversed(tx, r.item, r.lot, 'buyer refunded'))) return;
        const posted = await repo.settlementEntries(tx, r.item, r.lot);
        const meta = new Map(posted.map((p) => [p.id, p]));
        const toPostEntries = reversalsOf(
          posted.map((p) => ({ entry_id: p.id, account: p.account, amount_cents: p.amount_cents })),
          (id) => `reverse:${id}`,
          (id) => ({
            consignorId: meta.get(id)!.consignor_id,
            consignmentItemId: r.item,
            lotId: r.lot,
            orderId: meta.get(id)!.order_id,
            memo: `refund: reverses ${meta.get(id)!.kind}`,
            createdBy: staffId,
          }),
        );
        entries += (await consignors.postLedgerEntries(tx, toPostEntries)).size;
        reversed += 1;
      });
    }
    return { reversed, entries };
  }

  /** Settles due lots in one transaction; answers how many lots and entries it posted. */
  async function settleChunk(
    chunk: readonly Classified[],
    settings: SettlementSettings,
    staffId: string | null,
  ): Promise<{ settled: number; entries: number }> {
    return db.transaction(async (tx) => {
      // A refund recorded meanwhile wins or waits: the buyer's orders are share-locked and read again.
      const orders = await repo.lockOrders(
        tx,
        chunk.filter((c) => c.outcome === 'sold').map((c) => c.row.order_id!),
      );
      const ready = chunk.filter(
        (c) => c.outcome !== 'sold' || PAID_STATUSES.has(orders.get(c.row.order_id!) ?? ''),
      );
      const settlements = ready.map((c) => {
        const settlement = settlementOf(c, settings);
        const insert: LotSettlementInsert = {
          itemId: c.row.item_id,
          lotId: c.row.lot_id,
          consignorId: c.row.consignor_id,
          orderId: c.outcome === 'sold' ? c.row.order_id : null,
          outcome: c.outcome,
          hammerCents: c.hammerCents,
          lines: settlement.lines,
          staffId,
        };
        return { c, settlement, insert };
      });
      const claimed = await repo.claim(
        tx,
        settlements.map((s) => s.insert),
      );
      const at = now();
      const posts: LedgerEntryToPost[] = [];
      const withProceeds = new Set<string>();
      for (const { c, settlement, insert } of settlements) {
        if (!claimed.has(`${insert.itemId}:${insert.lotId}`)) continue;
        if (settlement.lines.hammerCents > 0) withProceeds.add(insert.consignorId);
        for (const entry of lotSettlementEntries(insert.consignorId, at, settlement))
          posts.push(
            toPost(entry, `settle:${insert.itemId}:${insert.lotId}:${entry.kind}`, {
              consignmentItemId: insert.itemId,
              orderId: insert.orderId,
              memo: `${c.row.consignment_number} lot ${c.row.lot_number}`,
              createdBy: staffId,
            }),
          );
      }
      // Advances come back out of the consignor's first proceeds after they were paid, whole (decision 085).
      for (const adv of await repo.unrecoveredAdvances(tx, [...withProceeds].sort()))
        posts.push(
          toPost(
            advanceRecoveredEntry(adv.consignor_id, at, num(adv.amount)),
            `advance-recovered:${adv.id}`,
            {
              memo: 'advance recovered',
              createdBy: staffId,
            },
          ),
        );
      const created = await consignors.postLedgerEntries(tx, posts);
      return { settled: claimed.size, entries: created.size };
    });
  }

  async function listClassified(q: {
    settled?: boolean;
    consignorId?: string | undefined;
    saleId?: string | undefined;
    pairs?: AdminSettlementRun['items'];
  }) {
    const settings = await deps.settings();
    const at = now();
    const classified = (await repo.candidates(db, q)).map((row) => classify(row, settings.holdingDays, at));
    return { settings, classified };
  }

  async function batchDetail(tx: Db, id: string): Promise<AdminPayoutBatch> {
    const b = await repo.batch(tx, id);
    if (!b) throw notFound(m.batchNotFound);
    return { ...toBatchSummary(b), items: (await repo.batchItems(tx, id)).map(toBatchItem) };
  }

  return {
    async list(
      q: AdminSettlementListQuery,
    ): Promise<{ data: AdminSettlementRow[]; meta: { total: number; currency: string } }> {
      const { settings, classified } = await listClassified({
        settled: q.status === 'settled',
        consignorId: q.consignorId,
        saleId: q.saleId,
      });
      const found = classified.filter((c) => c.status === q.status);
      return {
        data: found.slice(0, 1000).map((c) => toRow(c, estimatedNet(c, settings))),
        meta: { total: found.length, currency: deps.currency },
      };
    },

    /**
     * Settles every due lot (or only the ones named, each still only when due): first reverses settled lots
     * refunded since, then claims and posts the due ones, LOTS_PER_TRANSACTION at a time. Running it twice posts
     * nothing the second time.
     */
    async run(staffId: string | null, body: AdminSettlementRun = {}): Promise<AdminSettlementRunResult> {
      const reconciled = await reconcile(staffId);
      const { settings, classified } = await listClassified({ settled: false, pairs: body.items });
      const due = classified.filter((c) => c.status === 'due');
      let settled = 0;
      let entries = reconciled.entries;
      for (let i = 0; i < due.length; i += LOTS_PER_TRANSACTION) {
        const done = await settleChunk(due.slice(i, i + LOTS_PER_TRANSACTION), settings, staffId);
        settled += done.settled;
        entries += done.entries;
      }
      if (staffId && settled + reconciled.reversed > 0)
        await db.transaction((tx) =>
          recordStaffAction(tx, {
            staffId,
            action: 'run_settlement',
            details: { settled, reversed: reconciled.reversed, entries },
          }),
        );
      return { settled, reversed: reconciled.reversed, entries };
    },

    /** Every consignor whose account is not at zero: what they are owed, and whether a batch can pay it now. */
    async payables(): Promise<{ data: AdminPayable[]; meta: { currency: string } }> {
      const open = (await repo.payables(db, {})).filter((r) => num(r.balance) !== 0);
      const stripe = await stripeOn();
      const data = open.map((r) => {
        const hold = 0 - num(r.balance) > 0 ? payoutHold(r, stripe) : null;
        return {
          consignorId: r.id,
          consignorName: r.name,
          balanceCents: 0 - num(r.balance),
          payableCents: hold ? 0 : payableOf(r),
          heldReason: hold,
          heldText: hold ? HELD_REASON_TEXT[hold] : null,
          payoutMethod: r.payout_method,
          payoutMasked: r.payout_masked,
        };
      });
      return { data, meta: { currency: deps.currency } };
    },

    /**
     * A batch paying every consignor owed money and not held (or the ones named: each must be payable). The
     * consignors' rows are locked and their balances read after the lock, and each payment posts its `payout`
     * entry in the same transaction, so a second batch made at the same moment finds nothing left to pay them.
     */
    async createBatch(staffId: string, body: AdminPayoutBatchCreate): Promise<AdminPayoutBatch> {
      await reconcile(staffId);
      const stripe = await stripeOn();
      return db.transaction(async (tx) => {
        const found = await repo.payables(tx, { ids: body.consignorIds, lock: true });
        if (body.consignorIds) {
          const known = new Set(found.map((r) => r.id));
          const missing = body.consignorIds.find((id) => !known.has(id.toLowerCase()) && !known.has(id));
          if (missing) throw notFound(m.consignorNotFound);
          for (const r of found) {
            const hold = payoutHold(r, stripe);
            if (hold || payableOf(r) === 0)
              throw conflict(
                `${r.name} ${m.consignorHeld} (${hold ? HELD_REASON_TEXT[hold] : 'nothing owed'})`,
              );
          }
        }
        const paying = found.filter((r) => payableOf(r) > 0 && !payoutHold(r, stripe));
        if (paying.length === 0) throw conflict(m.nothingToPay);
        const number = await repo.nextBatchNumber(tx);
        const batchId = crypto.randomUUID();
        const at = now();
        const items = paying.map((r, i) => ({
          id: crypto.randomUUID(),
          consignorId: r.id,
          amountCents: payableOf(r),
          endToEndId: `${number}-${String(i + 1).padStart(4, '0')}`,
          // Fixed now: a Stripe payment is sent as a transfer, a bank one goes in the file (decision 088).
          method: r.payout_method === 'stripe_connect' ? ('stripe' as const) : ('bank' as const),
        }));
        const created = await consignors.postLedgerEntries(
          tx,
          items.map((it) =>
            toPost(payoutEntry(it.consignorId, at, it.amountCents), `payout:${it.id}`, {
              memo: `${number} ${it.endToEndId}`,
              createdBy: staffId,
            }),
          ),
        );
        const totalCents = items.reduce((s, it) => s + it.amountCents, 0);
        await repo.insertBatch(tx, { id: batchId, number, currency: deps.currency, totalCents, staffId });
        await repo.insertBatchItems(
          tx,
          batchId,
          items.map((it) => ({ ...it, entryId: created.get(`payout:${it.id}`)! })),
        );
        await recordStaffAction(tx, {
          staffId,
          action: 'create_payout_batch',
          details: { batchId, number, payments: items.length, totalCents },
        });
        return batchDetail(tx, batchId);
      });
    },

    /** Sends the batch's Stripe payments not transferred yet (decision 088); resending never transfers twice. */
    async sendTransfers(staffId: string, id: string) {
      if (!deps.transfers || !(await stripeOn())) throw conflict(m.stripeConnectOff);
      const sent = await createTransferSender({ db, consignors, gateway: deps.transfers }).send(staffId, id);
      return { data: await batchDetail(db, id), sent };
    },

    async batches(q: AdminPayoutBatchListQuery) {
      const { rows: found, total } = await repo.batchPage(q);
      return { data: found.map(toBatchSummary), meta: pageMeta(q, total) };
    },

    batch: (id: string) => batchDetail(db, id),

    /** The batch's bank file: SEPA pain.001.001.09 (euros, IBANs) or CSV; the batch is marked exported. */
    async file(
      staffId: string,
      id: string,
      format: PayoutFileFormat,
      executionDate: string | undefined,
    ): Promise<{ body: string; contentType: string; filename: string }> {
      const b = await repo.batch(db, id);
      if (!b) throw notFound(m.batchNotFound);
      if (b.status === 'cancelled') throw conflict(m.batchIsCancelled);
      // Stripe payments are transfers, not lines of the bank's file.
      const items = (await repo.batchItems(db, id)).filter((i) => i.method === 'bank');
      if (items.length === 0) throw conflict(m.noBankPayments);
      const currency = b.currency.trim();
      const details = await Promise.all(items.map((i) => consignors.payoutDetails(i.consignor_id)));
      let body: string;
      try {
        if (format === 'sepa') {
          if (currency !== 'EUR') throw conflict(m.sepaCurrency);
          const debtor = (await deps.settings()).debtor;
          if (!debtor) throw conflict(m.sepaNoDebtor);
          const payments: SepaPayment[] = items.map((item, i) => {
            const d = details[i];
            if (!d) throw conflict(`${item.consignor_name} ${m.payoutDetailsMissing}`);
            if (d.method !== 'iban') throw conflict(`${item.consignor_name} ${m.sepaNotIban}`);
            return {
              endToEndId: item.end_to_end_id,
              creditorName: d.holder,
              creditorIban: d.iban,
              ...(d.bic ? { creditorBic: d.bic } : {}),
              amountCents: num(item.amount_cents),
              currency,
              remittance: `${b.number} consignment proceeds`,
            };
          });
          body = buildSepaCreditTransfer({
            messageId: `${b.number}-${Date.now().toString(36).toUpperCase()}`,
            createdAt: now().toISOString(),
            debtor: { name: debtor.name, iban: debtor.iban, ...(debtor.bic ? { bic: debtor.bic } : {}) },
            requestedExecutionDate: executionDate ?? now().toISOString().slice(0, 10),
            payments,
          });
        } else {
          const payments: CsvPayment[] = items.map((item, i) => {
            const d = details[i];
            // A consignor moved to Stripe since the batch was made has no bank account to put in the file.
            if (!d || d.method === 'stripe_connect')
              throw conflict(`${item.consignor_name} ${m.payoutDetailsMissing}`);
            return {
              creditorName: d.holder,
              account:
                d.method === 'iban'
                  ? { iban: d.iban }
                  : { accountNumber: d.accountNumber, routingNumber: d.routingNumber },
              ...(d.method === 'iban' && d.bic ? { bic: d.bic } : {}),
              amountCents: num(item.amount_cents),
              currency,
              reference: `${b.number} ${item.end_to_end_id}`,
            };
          });
          body = buildPayoutCsv(payments);
        }
      } catch (err) {
        // A file the bank would refuse is not made: staff fix the consignor's details and export again.
        if (err instanceof PayoutFileError) throw conflict(err.message);
        throw err;
      }
      await db.transaction(async (tx) => {
        await repo.setBatchStatus(tx, id, 'exported', staffId, format);
        await recordStaffAction(tx, {
          staffId,
          action: 'export_payout_batch',
          details: { batchId: id, number: b.number, format },
        });
      });
      return format === 'sepa'
        ? { body, contentType: 'application/xml; charset=utf-8', filename: `${b.number}.xml` }
        : { body, contentType: 'text/csv; charset=utf-8', filename: `${b.number}.csv` };
    },

    /** The bank paid the batch: `payout_confirmed` per payment, once; a second time is a 409. */
    async markPaid(staffId: string, id: string): Promise<AdminPayoutBatch> {
      return db.transaction(async (tx) => {
        const b = await repo.lockBatch(tx, id);
        if (!b) throw notFound(m.batchNotFound);
        if (b.status === 'paid') throw conflict(m.batchAlreadyPaid);
        if (b.status === 'cancelled') throw conflict(m.batchIsCancelled);
        // A Stripe payment is paid by its transfer, never by staff's word.
        if ((await transferRepo.transferState(tx, id)).untransferred > 0) throw conflict(m.transfersNotDone);
        const at = now();
        const items = await repo.batchItems(tx, id);
        await consignors.postLedgerEntries(
          tx,
          items.map((it) =>
            toPost(
              payoutConfirmedEntry(it.consignor_id, at, num(it.amount_cents)),
              `payout-confirmed:${it.id}`,
              { memo: `${b.number} ${it.end_to_end_id}`, createdBy: staffId },
            ),
          ),
        );
        await repo.setBatchStatus(tx, id, 'paid', staffId);
        await recordStaffAction(tx, {
          staffId,
          action: 'mark_payout_batch_paid',
          details: { batchId: id, number: b.number },
        });
        return batchDetail(tx, id);
      });
    },

    /** A batch not yet paid is withdrawn: its payout entries reversed, so the balances are owed again. */
    async cancel(staffId: string, id: string): Promise<AdminPayoutBatch> {
      return db.transaction(async (tx) => {
        const b = await repo.lockBatch(tx, id);
        if (!b) throw notFound(m.batchNotFound);
        if (b.status === 'paid') throw conflict(m.batchNotCancellable);
        if (b.status === 'cancelled') throw conflict(m.batchIsCancelled);
        // Money that went (or may have gone) to a Stripe account cannot be owed to the consignor again.
        if ((await transferRepo.transferState(tx, id)).moving > 0) throw conflict(m.batchHasTransfers);
        const items = await repo.batchItems(tx, id);
        const itemOf = new Map(items.map((it) => [it.payout_entry_id, it]));
        const lines = await repo.entryLines(
          tx,
          items.map((it) => it.payout_entry_id),
        );
        await consignors.postLedgerEntries(
          tx,
          reversalsOf(
            lines,
            (entryId) => `payout-cancel:${itemOf.get(entryId)!.id}`,
            (entryId) => ({
              consignorId: itemOf.get(entryId)!.consignor_id,
              memo: `${b.number} cancelled`,
              createdBy: staffId,
            }),
          ),
        );
        await repo.setBatchStatus(tx, id, 'cancelled', staffId);
        await recordStaffAction(tx, {
          staffId,
          action: 'cancel_payout_batch',
          details: { batchId: id, number: b.number },
        });
        return batchDetail(tx, id);
      });
    },

    /** An advance paid to a consignor before their lots sell, recovered from their next proceeds. */
    async recordAdvance(staffId: string, consignorId: string, input: AdminAdvanceCreate) {
      return db.transaction(async (tx) => {
        if (!(await repo.consignorExists(tx, consignorId))) throw notFound(m.consignorNotFound);
        const key = `advance:${crypto.randomUUID()}`;
        const created = await consignors.postLedgerEntries(tx, [
          toPost(advancePaidEntry(consignorId, now(), input.amountCents), key, {
            memo: input.note ?? 'advance',
            createdBy: staffId,
          }),
        ]);
        await recordStaffAction(tx, {
          staffId,
          action: 'record_consignor_advance',
          details: { consignorId, amountCents: input.amountCents },
        });
        const account = advanceAccount(consignorId);
        const outstanding = (await repo.balances(tx, [account])).get(account) ?? 0;
        return {
          entryId: created.get(key)!,
          consignorId,
          amountCents: input.amountCents,
          outstandingCents: outstanding,
        };
      });
    },

    /** The consignor's account for a period, from the journal (`statement()` of decision 085). */
    async statement(consignorId: string, q: AdminStatementQuery): Promise<AdminStatement> {
      if (!(await repo.consignorExists(db, consignorId))) throw notFound(m.consignorNotFound);
      const { from, to } = period(q, now());
      const account = consignorAccount(consignorId);
      const entries = new Map<string, JournalEntry>();
      const payoutOf = new Map<string, PayoutReference>();
      for (const r of await repo.journal(db, consignorId, account, to)) {
        let e = entries.get(r.id);
        if (!e) {
          e = { kind: r.kind as EntryKind, consignorId, at: new Date(num(r.at_ms)), lines: [] };
          if (r.lot_id) e.lotId = r.lot_id;
          if (r.reverses_kind) e.reverses = r.reverses_kind as EntryKind;
          entries.set(r.id, e);
          if (r.batch_number && r.end_to_end_id)
            payoutOf.set(lineKey(e), { batchNumber: r.batch_number, endToEndId: r.end_to_end_id });
        }
        e.lines.push({ account: r.account as PostingLine['account'], amountCents: num(r.amount_cents) });
      }
      const s = statement(account, [...entries.values()], from, to);
      return {
        consignorId,
        account,
        from: from.toISOString(),
        to: to.toISOString(),
        currency: deps.currency,
        openingCents: s.openingCents,
        closingCents: s.closingCents,
        lines: s.lines.map((l) => ({
          at: l.at.toISOString(),
          kind: l.kind,
          ...(l.reverses ? { reverses: l.reverses } : {}),
          ...(l.lotId ? { lotId: l.lotId } : {}),
          amountCents: l.amountCents,
          balanceCents: l.balanceCents,
          ...(payoutOf.has(lineKey(l)) ? { payout: payoutOf.get(lineKey(l))! } : {}),
        })),
      };
    },
  };
}

/**
 * A journal entry's kind, what it reverses and its instant: `statement()` answers lines without entry ids, and a
 * consignor has at most one payout per batch, each batch made (and cancelled) in its own transaction, so no two
 * payout lines of one account share all three.
 */
const lineKey = (l: { kind: string; reverses?: string; at: Date }) =>
  `${l.kind}:${l.reverses ?? ''}:${l.at.getTime()}`;
export type SettlementService = ReturnType<typeof createSettlementService>;
