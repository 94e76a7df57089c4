import crypto from 'node:crypto';
import { maskAccount } from '@knotwork/shared/consignments/bank-account';
import {
  adminConsignorMessages as m,
  type AdminConsignment,
  type AdminConsignmentCreate,
  type AdminConsignmentItemInput,
  type AdminConsignmentListQuery,
  type AdminConsignor,
  type AdminConsignorCreate,
  type AdminConsignorDetail,
  type AdminConsignorListQuery,
  type AdminConsignorUpdate,
  type AdminConsignmentSummary,
  type ConsignorPayoutInput,
  REMOVABLE_ITEM_STATUSES,
  type PortalItemStatus,
} from '@knotwork/shared/schemas/consignors-staff';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, numOrNull } from '../../db/raw.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { pageMeta } from '../../lib/paging.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import type { PayoutCipher, PayoutDetails } from './payout-crypto.ts';
import { portalItemStatus } from './item-status.ts';
import { createPortalRepository } from './portal-repository.ts';
import {
  createConsignorRepository,
  type ConsignmentItemRow,
  type ConsignmentRow,
  type ConsignmentSummaryRow,
  type ConsignorColumns,
  type ConsignorRow,
  type LedgerEntryToPost,
} from './repository.ts';

/** The account as answers show it; a Stripe account id keeps its prefix and, case kept, its last 4 (decision 088). */
function maskedPayout(p: Exclude<ConsignorPayoutInput, { method: 'none' }>): string {
  if (p.method === 'stripe_connect') return `acct_•••• ${p.accountId.slice(-4)}`;
  return maskAccount(p.method === 'iban' ? p.iban : p.accountNumber);
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

const toConsignor = (c: ConsignorRow): AdminConsignor => ({
  id: c.id,
  kind: c.kind,
  name: c.name,
  company: c.company,
  email: c.email,
  phone: c.phone,
  address:
    c.address_line1 && c.address_city && c.address_country
      ? {
          line1: c.address_line1,
          line2: c.address_line2,
          city: c.address_city,
          state: c.address_state,
          postalCode: c.address_postal_code,
          country: c.address_country.trim(),
        }
      : null,
  language: c.language,
  vatRegistered: c.vat_registered,
  vatNumber: c.vat_number,
  payout: { method: c.payout_method, holder: c.payout_holder, masked: c.payout_masked },
  user: c.user_id && c.user_email ? { id: c.user_id, name: c.user_name ?? '', email: c.user_email } : null,
  notes: c.notes,
  identityCheckedAt: isoOrNullFromMs(c.identity_checked_ms),
  identityCheckedBy: person(c.identity_checked_by, c.checker_name),
  createdAt: isoFromMs(c.created_ms),
  updatedAt: isoFromMs(c.updated_ms),
  archivedAt: isoOrNullFromMs(c.archived_ms),
});

const toConsignmentSummary = (k: ConsignmentSummaryRow): AdminConsignmentSummary => ({
  id: k.id,
  number: k.number,
  consignor: { id: k.consignor_id, name: k.consignor_name },
  receivedAt: isoFromMs(k.received_ms),
  agreementStatus: k.agreement_status,
  items: num(k.items),
  createdAt: isoFromMs(k.created_ms),
});

const toConsignment = (
  k: ConsignmentRow,
  items: ConsignmentItemRow[],
  live: ReadonlyMap<string, PortalItemStatus> = new Map(),
): AdminConsignment => ({
  id: k.id,
  number: k.number,
  consignor: { id: k.consignor_id, name: k.consignor_name },
  receivedAt: isoFromMs(k.received_ms),
  termsOverride: k.terms_override,
  agreement: {
    status: k.agreement_status,
    version: k.agreement_version,
    at: isoOrNullFromMs(k.agreement_ms),
    by: person(k.agreement_by, k.agreement_by_name),
  },
  notes: k.notes,
  createdBy: person(k.created_by, k.created_by_name),
  createdAt: isoFromMs(k.created_ms),
  items: items.map((i) => ({
    id: i.id,
    rugId: i.rug_id,
    rugTitle: i.rug_title,
    rugSlug: i.rug_slug,
    estimateLow: num(i.estimate_low),
    estimateHigh: num(i.estimate_high),
    reserve: numOrNull(i.reserve),
    status: i.status,
    liveStatus: live.get(i.id) ?? (i.status === 'catalogued' ? 'cataloguing' : i.status),
    createdAt: isoFromMs(i.created_ms),
  })),
});

/** The columns of the plain fields a create or a PATCH sent (payout and account link are handled apart). */
function plainColumns(input: Partial<AdminConsignorCreate>): ConsignorColumns {
  const c: ConsignorColumns = {
    kind: input.kind,
    name: input.name,
    company: input.company,
    email: input.email,
    phone: input.phone,
    language: input.language,
    vat_registered: input.vatRegistered,
    vat_number: input.vatNumber,
    notes: input.notes,
  };
  if (input.address !== undefined) {
    const a = input.address;
    Object.assign(c, {
      address_line1: a?.line1 ?? null,
      address_line2: a?.line2 ?? null,
      address_city: a?.city ?? null,
      address_state: a?.state ?? null,
      address_postal_code: a?.postalCode ?? null,
      address_country: a?.country ?? null,
    });
  }
  return c;
}

/** Which fields of a body were sent, for the audit trail: names only, never values (payout details least of all). */
const sentFields = (input: object) =>
  Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k)
    .sort();

/** A refusal naming the rug of `items[index]` (or the single item's `rugId`). */
const rugRefusal = (status: 400 | 409, message: string, index: number | null) => {
  const field = index === null ? 'rugId' : `items.${index}.rugId`;
  return status === 400
    ? badRequest(message, { errors: { [field]: message } })
    : conflict(message, { errors: { [field]: message } });
};

/** A consignor a CSV import names, or why the reference names none (modules/import). */
export type ImportConsignor =
  { id: string; name: string } | { refused: 'unknown' | 'ambiguous' | 'archived' };

/**
 * Consignors and consignments (issue 27, decision 086). Rules: a consignor with consignments is archived, never
 * deleted; the site account linked to a consignor must exist and belongs to one consignor; a rug is in at most one
 * open consignment (checked here for a clear answer, guaranteed by a unique index when two staff race); payout
 * details are encrypted before they reach the database and only their masked form ever leaves it; every change is
 * audited in its own transaction.
 */
export function createConsignorService(deps: { db: Db; cipher: PayoutCipher }) {
  const { db, cipher } = deps;
  const repo = createConsignorRepository(db);
  const portal = createPortalRepository();

  async function payoutColumns(id: string, payout: ConsignorPayoutInput): Promise<ConsignorColumns> {
    if (payout.method === 'none')
      return {
        payout_method: 'none',
        payout_details_encrypted: null,
        payout_masked: null,
        payout_holder: null,
      };
    return {
      payout_method: payout.method,
      payout_details_encrypted: await cipher.encrypt(id, payout),
      payout_masked: maskedPayout(payout),
      payout_holder: payout.holder,
    };
  }

  /** The account an e-mail names, checked free (or already this consignor's); null unlinks. */
  async function userLink(tx: Db, consignorId: string, email: string | null): Promise<string | null> {
    if (email === null) return null;
    const user = await repo.userByEmail(tx, email);
    if (!user) throw badRequest(m.userEmailUnknown, { errors: { userEmail: m.userEmailUnknown } });
    if (user.consignor_id && user.consignor_id !== consignorId)
      throw conflict(m.userAlreadyLinked, { errors: { userEmail: m.userAlreadyLinked } });
    return user.id;
  }

  /** Runs `work` in a transaction; a unique index that a concurrent request won is a 409, not a 500. */
  async function write<T>(work: (tx: Db) => Promise<T>, itemIndex: number | null = null): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'consignment_items_open_rug_idx')
        throw rugRefusal(409, m.rugInOpenConsignment, itemIndex);
      if (constraint === 'consignors_user_id_key')
        throw conflict(m.userAlreadyLinked, { errors: { userEmail: m.userAlreadyLinked } });
      throw err;
    }
  }

  async function detail(tx: Db, id: string): Promise<AdminConsignorDetail> {
    const row = await repo.consignor(tx, id);
    if (!row) throw notFound(m.consignorNotFound);
    const consignments = await repo.consignmentsOf(tx, id);
    return { ...toConsignor(row), consignments: consignments.map(toConsignmentSummary) };
  }

  async function consignment(tx: Db, id: string): Promise<AdminConsignment> {
    const row = await repo.consignment(tx, id);
    if (!row) throw notFound(m.consignmentNotFound);
    // Where each rug stands now, read as the consignor's portal reads it (the item's own status moves only when
    // staff close it: a sold and settled rug would otherwise still read 'received').
    const live = await portal.items(tx, row.consignor_id);
    return toConsignment(
      row,
      await repo.items(tx, id),
      new Map(live.filter((r) => r.consignment_id === id).map((r) => [r.id, portalItemStatus(r)])),
    );
  }

  /** Checks the rugs exist and are in no open consignment, in order, naming the first that is not. */
  async function checkRugs(tx: Db, rugIds: string[], single: boolean): Promise<void> {
    const existing = await repo.existingRugs(tx, rugIds);
    const missing = rugIds.findIndex((id) => !existing.has(id.toLowerCase()) && !existing.has(id));
    if (missing >= 0) throw rugRefusal(400, m.rugNotFound, single ? null : missing);
    const open = new Map((await repo.openItemsOf(tx, rugIds)).map((r) => [r.rug_id, r.number]));
    const taken = rugIds.findIndex((id) => open.has(id.toLowerCase()) || open.has(id));
    if (taken >= 0) {
      const number = open.get(rugIds[taken]!.toLowerCase()) ?? open.get(rugIds[taken]!);
      const message = `${m.rugInOpenConsignment} (${number})`;
      throw rugRefusal(409, message, single ? null : taken);
    }
  }

  const itemValues = (item: AdminConsignmentItemInput) => ({
    rugId: item.rugId,
    estimateLow: item.estimateLow,
    estimateHigh: item.estimateHigh,
    reserve: item.reserve ?? null,
  });

  return {
    async list(q: AdminConsignorListQuery) {
      const { rows: found, total } = await repo.consignorPage(q);
      return {
        data: found.map((c) => ({
          id: c.id,
          kind: c.kind,
          name: c.name,
          company: c.company,
          email: c.email,
          payoutMethod: c.payout_method,
          identityChecked: Boolean(c.identity_checked),
          consignments: num(c.consignments),
          createdAt: isoFromMs(c.created_ms),
          archivedAt: isoOrNullFromMs(c.archived_ms),
        })),
        meta: pageMeta(q, total),
      };
    },

    detail: (id: string) => detail(db, id),

    async create(staffId: string, input: AdminConsignorCreate): Promise<AdminConsignorDetail> {
      // The id is chosen here: the payout ciphertext is bound to it.
      const id = crypto.randomUUID();
      const payout = input.payout ? await payoutColumns(id, input.payout) : {};
      return write(async (tx) => {
        const userId = input.userEmail ? await userLink(tx, id, input.userEmail) : null;
        await repo.insertConsignor(
          tx,
          id,
          { language: 'en', notes: '', ...plainColumns(input), ...payout, user_id: userId },
          staffId,
        );
        await recordStaffAction(tx, {
          staffId,
          action: 'create_consignor',
          userId,
          details: { consignorId: id, fields: sentFields(input) },
        });
        return detail(tx, id);
      });
    },

    async update(staffId: string, id: string, input: AdminConsignorUpdate): Promise<AdminConsignorDetail> {
      const payout = input.payout ? await payoutColumns(id, input.payout) : {};
      return write(async (tx) => {
        const locked = await repo.lockConsignor(tx, id);
        if (!locked) throw notFound(m.consignorNotFound);
        const current = (await repo.consignor(tx, id))!;
        const vatRegistered = input.vatRegistered ?? current.vat_registered;
        const vatNumber = input.vatNumber !== undefined ? input.vatNumber : current.vat_number;
        if (vatRegistered && !vatNumber)
          throw badRequest(m.vatNumberRequired, { errors: { vatNumber: m.vatNumberRequired } });
        const cols: ConsignorColumns = { ...plainColumns(input), ...payout };
        if (input.userEmail !== undefined) cols.user_id = await userLink(tx, id, input.userEmail);
        if (Object.values(cols).some((v) => v !== undefined)) await repo.updateConsignor(tx, id, cols);
        if (input.archived !== undefined && input.archived !== locked.archived)
          await repo.setArchived(tx, id, input.archived);
        const fields = sentFields(input);
        if (fields.length > 0)
          await recordStaffAction(tx, {
            staffId,
            action: 'update_consignor',
            details: { consignorId: id, fields },
          });
        return detail(tx, id);
      });
    },

    /** Deletes a consignor who never consigned anything; one with consignments is archived instead. */
    async remove(staffId: string, id: string): Promise<{ id: string; outcome: 'deleted' | 'archived' }> {
      return write(async (tx) => {
        const locked = await repo.lockConsignor(tx, id);
        if (!locked) throw notFound(m.consignorNotFound);
        if ((await repo.consignmentCount(tx, id)) > 0) {
          await repo.setArchived(tx, id, true);
          await recordStaffAction(tx, { staffId, action: 'archive_consignor', details: { consignorId: id } });
          return { id, outcome: 'archived' as const };
        }
        await repo.deleteConsignor(tx, id);
        await recordStaffAction(tx, { staffId, action: 'delete_consignor', details: { consignorId: id } });
        return { id, outcome: 'deleted' as const };
      });
    },

    /** Records that staff saw the consignor's identity document (required before the first payout). */
    async checkIdentity(staffId: string, id: string, document: string): Promise<AdminConsignorDetail> {
      return write(async (tx) => {
        if (!(await repo.lockConsignor(tx, id))) throw notFound(m.consignorNotFound);
        await repo.setIdentityChecked(tx, id, staffId);
        await recordStaffAction(tx, {
          staffId,
          action: 'check_consignor_identity',
          reason: document,
          details: { consignorId: id },
        });
        return detail(tx, id);
      });
    },

    async listConsignments(q: AdminConsignmentListQuery) {
      const { rows: found, total } = await repo.consignmentPage(q);
      return { data: found.map(toConsignmentSummary), meta: pageMeta(q, total) };
    },

    consignment: (id: string) => consignment(db, id),

    /** A receipt: its gapless number, its rugs (each in no other open consignment), audited. */
    async createConsignment(staffId: string, input: AdminConsignmentCreate): Promise<AdminConsignment> {
      return write(async (tx) => {
        const consignor = await repo.lockConsignor(tx, input.consignorId);
        if (!consignor)
          throw badRequest(m.consignorNotFound, { errors: { consignorId: m.consignorNotFound } });
        if (consignor.archived)
          throw conflict(m.consignorArchived, { errors: { consignorId: m.consignorArchived } });
        await checkRugs(
          tx,
          input.items.map((i) => i.rugId),
          false,
        );
        const number = await repo.nextConsignmentNumber(tx);
        const id = await repo.insertConsignment(tx, {
          number,
          consignorId: input.consignorId,
          receivedAt: input.receivedAt,
          termsOverride: input.termsOverride ?? null,
          notes: input.notes ?? '',
          staffId,
        });
        for (const item of input.items) await repo.insertItem(tx, id, itemValues(item));
        await recordStaffAction(tx, {
          staffId,
          action: 'create_consignment',
          details: {
            consignmentId: id,
            number,
            consignorId: input.consignorId,
            rugIds: input.items.map((i) => i.rugId),
          },
        });
        return consignment(tx, id);
      });
    },

    async addItem(
      staffId: string,
      consignmentId: string,
      item: AdminConsignmentItemInput,
    ): Promise<AdminConsignment> {
      return write(async (tx) => {
        const k = await repo.lockConsignment(tx, consignmentId);
        if (!k) throw notFound(m.consignmentNotFound);
        await checkRugs(tx, [item.rugId], true);
        const itemId = await repo.insertItem(tx, consignmentId, itemValues(item));
        await recordStaffAction(tx, {
          staffId,
          action: 'add_consignment_item',
          rugId: item.rugId,
          details: { consignmentId, itemId, number: k.number },
        });
        return consignment(tx, consignmentId);
      });
    },

    /**
     * Which consignor each reference of a CSV import names (modules/import): the one with that e-mail, else the one
     * with that name, in any case; archived consignors take no new consignment. Read outside any transaction.
     */
    async findForImport(refs: string[]): Promise<Map<string, ImportConsignor>> {
      const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
      const found = await repo.consignorsNamed(db, wanted);
      const result = new Map<string, ImportConsignor>();
      for (const ref of wanted) {
        const key = ref.toLowerCase();
        const byEmail = found.filter((c) => c.email?.toLowerCase() === key);
        const matches = byEmail.length ? byEmail : found.filter((c) => c.name.toLowerCase() === key);
        const active = matches.filter((c) => !c.archived);
        result.set(
          ref,
          active.length === 1
            ? { id: active[0]!.id, name: active[0]!.name }
            : { refused: active.length > 1 ? 'ambiguous' : matches.length ? 'archived' : 'unknown' },
        );
      }
      return result;
    },

    /**
     * Adds a rug to a consignor's receipt in the caller's transaction (the CSV import, modules/import), opening the
     * receipt first (its number, `notes`) when `consignmentId` is null. The rules and audit rows of
     * createConsignment and addItem.
     */
    async addToReceipt(
      tx: Db,
      staffId: string,
      to: { consignorId: string; consignmentId: string | null; notes: string },
      item: AdminConsignmentItemInput,
    ): Promise<{ consignmentId: string; number: string; itemId: string }> {
      let receipt = to.consignmentId ? await repo.lockConsignment(tx, to.consignmentId) : undefined;
      if (to.consignmentId && !receipt) throw notFound(m.consignmentNotFound);
      const opened = !receipt;
      if (!receipt) {
        const consignor = await repo.lockConsignor(tx, to.consignorId);
        if (!consignor) throw badRequest(m.consignorNotFound, { errors: { consignor: m.consignorNotFound } });
        if (consignor.archived)
          throw conflict(m.consignorArchived, { errors: { consignor: m.consignorArchived } });
        const number = await repo.nextConsignmentNumber(tx);
        const id = await repo.insertConsignment(tx, {
          number,
          consignorId: to.consignorId,
          receivedAt: undefined,
          termsOverride: null,
          notes: to.notes,
          staffId,
        });
        receipt = { id, number, consignor_id: to.consignorId, agreement_status: 'none' };
      }
      await checkRugs(tx, [item.rugId], true);
      const itemId = await repo.insertItem(tx, receipt.id, itemValues(item));
      const { id: consignmentId, number } = receipt;
      await recordStaffAction(
        tx,
        opened
          ? {
              staffId,
              action: 'create_consignment',
              details: { consignmentId, number, consignorId: to.consignorId, rugIds: [item.rugId] },
            }
          : {
              staffId,
              action: 'add_consignment_item',
              rugId: item.rugId,
              details: { consignmentId, itemId, number },
            },
      );
      return { consignmentId: receipt.id, number: receipt.number, itemId };
    },

    /** Takes a rug off a receipt entered by mistake; once it is in a sale or settled it is withdrawn instead. */
    async removeItem(staffId: string, consignmentId: string, itemId: string): Promise<AdminConsignment> {
      return write(async (tx) => {
        const k = await repo.lockConsignment(tx, consignmentId);
        if (!k) throw notFound(m.consignmentNotFound);
        const item = await repo.item(tx, consignmentId, itemId);
        if (!item) throw notFound(m.itemNotFound);
        if (!REMOVABLE_ITEM_STATUSES.includes(item.status)) throw conflict(m.itemNotRemovable);
        // Nor once a lot of the rug has been in a sale: its result (and any buy-in fee) belongs to this receipt.
        const live = (await consignment(tx, consignmentId)).items.find((i) => i.id === itemId)?.liveStatus;
        if (live !== 'received' && live !== 'cataloguing') throw conflict(m.itemNotRemovable);
        await repo.deleteItem(tx, itemId);
        await recordStaffAction(tx, {
          staffId,
          action: 'remove_consignment_item',
          rugId: item.rug_id,
          details: { consignmentId, itemId, number: k.number },
        });
        return consignment(tx, consignmentId);
      });
    },

    /** Sent (again, perhaps a newer version) or signed on paper; a signed agreement stays signed. */
    async setAgreement(
      staffId: string,
      consignmentId: string,
      a: { status: 'sent' | 'signed_on_paper'; version: string },
    ): Promise<AdminConsignment> {
      return write(async (tx) => {
        const k = await repo.lockConsignment(tx, consignmentId);
        if (!k) throw notFound(m.consignmentNotFound);
        if (k.agreement_status === 'accepted_online' || k.agreement_status === 'signed_on_paper')
          throw conflict(m.agreementAlreadySigned);
        await repo.setAgreement(tx, consignmentId, { ...a, by: staffId });
        await recordStaffAction(tx, {
          staffId,
          action: 'set_consignment_agreement',
          details: { consignmentId, number: k.number, status: a.status, version: a.version },
        });
        return consignment(tx, consignmentId);
      });
    },

    /**
     * Posts one journal entry (decision 086), in the caller's transaction when given. The lines must sum to zero:
     * checked here with a plain error, and again by the database at commit.
     */
    async postLedgerEntry(
      entry: Parameters<typeof repo.postLedgerEntry>[1],
      lines: Parameters<typeof repo.postLedgerEntry>[2],
      tx: Db = db,
    ) {
      if (lines.length < 2 || lines.some((l) => !Number.isSafeInteger(l.amountCents) || l.amountCents === 0))
        throw new Error('ledger: an entry needs at least two non-zero lines of whole cents');
      if (lines.reduce((sum, l) => sum + l.amountCents, 0) !== 0)
        throw new Error('ledger: the lines of an entry must sum to zero');
      return tx === db
        ? db.transaction((t) => repo.postLedgerEntry(t, entry, lines))
        : repo.postLedgerEntry(tx, entry, lines);
    },

    /**
     * Many entries in the caller's transaction, each once per key (a settlement run, a payout batch). Every entry
     * is checked balanced here with a plain error, and again by the database at commit.
     */
    async postLedgerEntries(tx: Db, entries: readonly LedgerEntryToPost[]) {
      for (const e of entries) {
        if (
          e.lines.length < 2 ||
          e.lines.some((l) => !Number.isSafeInteger(l.amountCents) || l.amountCents === 0)
        )
          throw new Error('ledger: an entry needs at least two non-zero lines of whole cents');
        if (e.lines.reduce((sum, l) => sum + l.amountCents, 0) !== 0)
          throw new Error('ledger: the lines of an entry must sum to zero');
      }
      return entries.length === 0 ? new Map<string, string>() : repo.postLedgerEntries(tx, entries);
    },

    balances: (accounts: string[]) => repo.balances(db, accounts),

    /** The consignor's payout details in clear, for a payout file only (never an answer); null when none. */
    async payoutDetails(id: string, tx: Db = db): Promise<PayoutDetails | null> {
      const row = await repo.payoutCiphertext(tx, id);
      if (!row) throw notFound(m.consignorNotFound);
      return row.value === null ? null : cipher.decrypt(id, row.value);
    },
  };
}
export type ConsignorService = ReturnType<typeof createConsignorService>;
