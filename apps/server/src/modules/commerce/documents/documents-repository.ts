import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import { sql } from 'drizzle-orm';
import type {
  CheckoutQuote,
  PaymentProvider,
  ShippingAddressCopy,
  ShippingMethod,
} from '@knotwork/shared/schemas/payments';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/raw.ts';

export { nextDocumentNumber } from '../../../db/document-numbers.ts';

/** Everything the invoice prints, frozen when it is issued. */
export interface InvoiceSnapshot {
  number: string;
  issuedAt: string;
  reference: string;
  provider: PaymentProvider;
  buyer: { name: string; email: string };
  shippingMethod: ShippingMethod;
  shippingAddress: ShippingAddressCopy | null;
  quote: CheckoutQuote;
  /**
   * Frozen by insertInvoice when it is issued (decision 073): the house's name, address and tax number from
   * Settings, the buyer's language, and each line's sale (by order id). Older invoices have none of them.
   */
  house?: HouseIdentity;
  language?: Language;
  sales?: Record<string, { title: string; date: string }>;
}

/** The house as its documents print it (Settings, key `house`). */
export interface HouseIdentity {
  name: string;
  address: string;
  taxNumber: string;
}
export const DEFAULT_HOUSE: HouseIdentity = { name: 'Knotwork', address: '', taxNumber: '' };

/** The house's identity as Settings hold it now (the default until staff set it). */
export async function houseIdentity(db: Db): Promise<HouseIdentity> {
  const [row] = await rows<{ value: Partial<HouseIdentity> }>(
    db,
    sql`select value from house_settings where key = 'house'`,
  );
  return { ...DEFAULT_HOUSE, ...(row?.value ?? {}) };
}

/** Each order's sale (title, and its date: a live sale's start, a timed sale's close), for the invoice lines. */
async function salesOfOrders(
  db: Db,
  orderIds: readonly string[],
): Promise<Record<string, { title: string; date: string }>> {
  const found = await rows<{ order_id: string; title: string; date: string }>(
    db,
    sql`select o.id as order_id, a.title,
          to_char((case when a.type = 'live' then a.starts_at else a.ends_at end) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date
        from orders o join lots l on l.id = o.lot_id join auctions a on a.id = l.auction_id
        where o.id = any(${sql.param([...orderIds])}::uuid[])`,
  );
  return Object.fromEntries(found.map((r) => [r.order_id, { title: r.title, date: r.date }]));
}

export interface CreditNoteSnapshot {
  number: string;
  issuedAt: string;
  invoiceNumber: string;
  buyer: { name: string; email: string };
  orderId: string;
  rugTitle: string;
  amount: number;
  currency: string;
  reason: string | null;
  /** Frozen at issue, as on the invoice: the house's letterhead and the buyer's language (older notes have none). */
  house?: HouseIdentity;
  language?: Language;
}

export async function insertInvoice(
  tx: Db,
  i: { number: string; checkoutId: string; paymentId: string; userId: string; snapshot: InvoiceSnapshot },
): Promise<void> {
  // Completes the caller's snapshot in place, so the PDF mailed now and the one downloaded later print the same.
  const house = await houseIdentity(tx);
  const sales = await salesOfOrders(
    tx,
    i.snapshot.quote.lines.map((l) => l.orderId),
  );
  const buyer = await buyerOf(tx, i.userId);
  Object.assign(i.snapshot, {
    house: i.snapshot.house ?? house,
    sales: i.snapshot.sales ?? sales,
    language: i.snapshot.language ?? buyer.language,
  });
  await tx.execute(
    sql`insert into invoices (number, checkout_id, payment_id, user_id, snapshot, issued_at)
        values (${i.number}, ${i.checkoutId}::uuid, ${i.paymentId}::uuid, ${i.userId}::uuid, ${JSON.stringify(i.snapshot)}::jsonb,
          ${i.snapshot.issuedAt}::timestamptz)`,
  );
}

export interface InvoiceRow {
  id: string;
  number: string;
  user_id: string;
  snapshot: InvoiceSnapshot;
}

/** The invoice of the checkout that paid an order. */
export async function invoiceOfOrder(
  db: Db,
  orderId: string,
): Promise<(InvoiceRow & { order_user_id: string }) | undefined> {
  const [row] = await rows<InvoiceRow & { order_user_id: string }>(
    db,
    sql`select i.id, i.number, i.user_id, i.snapshot, o.user_id as order_user_id
        from orders o join invoices i on i.checkout_id = o.checkout_id where o.id = ${orderId}::uuid`,
  );
  return row;
}

export async function buyerOf(
  db: Db,
  userId: string,
): Promise<{ name: string; email: string; firstName: string; language: Language }> {
  const [u] = await rows<{ first_name: string; last_name: string; email: string; language: string }>(
    db,
    sql`select first_name, last_name, email, language from users where id = ${userId}::uuid`,
  );
  return {
    name: `${u?.first_name ?? ''} ${u?.last_name ?? ''}`.trim(),
    email: u?.email ?? '',
    firstName: u?.first_name ?? '',
    language: isLanguage(u?.language) ? u.language : 'en',
  };
}

/** The moment a document is issued, from the database clock of the issuing transaction (ISO 8601, UTC). */
export async function documentIssuedAt(tx: Db): Promise<string> {
  const [now] = await rows<{ at: string }>(
    tx,
    sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
  );
  return now!.at;
}

export async function insertCreditNote(
  tx: Db,
  c: { refundId: string; invoiceId: string | null; snapshot: CreditNoteSnapshot },
): Promise<void> {
  await tx.execute(
    sql`insert into credit_notes (number, refund_id, invoice_id, snapshot, issued_at)
        values (${c.snapshot.number}, ${c.refundId}::uuid, ${c.invoiceId}::uuid, ${JSON.stringify(c.snapshot)}::jsonb, ${c.snapshot.issuedAt}::timestamptz)`,
  );
}
