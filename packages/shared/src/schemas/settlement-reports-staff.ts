/**
 * The back office's consignment reports (issue 27 §4): commission and fees per sale or per month, and the unsold
 * rate per consignor. A row counts the consigned lots that closed in the period (a consignment item and one closed
 * lot of its rug, as settlements pair them); its money is read from the consignors' journal, every entry posted for
 * those lots whenever it was posted (a settlement and any reversal of it), so a refunded lot counts for nothing.
 * Money is integer cents; rates are integer basis points (100 = 1 %).
 */
import { z } from 'zod';
import { CONSIGNOR_KINDS } from './consignors-staff.ts';
import { textField, calendarDay } from './text.ts';

export const adminReportMessages = {
  dateInvalid: 'Use a date as YYYY-MM-DD',
  periodInvalid: 'The end of the period must be after its start',
  periodTooLong: 'A report covers at most 10 years',
  groupByInvalid: 'Group by sale or by month',
} as const;
const m = adminReportMessages;

export const REPORT_GROUPS = ['sale', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

const day = calendarDay(m.dateInvalid);
const TEN_YEARS_MS = 3_653 * 86_400_000;

const periodShape = {
  /** First day included (UTC); default the first day of the month eleven months ago. */
  from: day.optional(),
  /** First day excluded (UTC); default the first day of next month: twelve whole months with this one. */
  to: day.optional(),
};
const periodOk = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from < q.to;
const periodShort = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= TEN_YEARS_MS;

export const adminConsignmentReportQuerySchema = z
  .object({
    ...periodShape,
    groupBy: z.enum(REPORT_GROUPS, { error: m.groupByInvalid }).default('sale'),
  })
  .refine(periodOk, { message: m.periodInvalid, path: ['to'] })
  .refine(periodShort, { message: m.periodTooLong, path: ['to'] });
export type AdminConsignmentReportQuery = z.infer<typeof adminConsignmentReportQuerySchema>;

export const adminConsignorReportQuerySchema = z
  .object(periodShape)
  .refine(periodOk, { message: m.periodInvalid, path: ['to'] })
  .refine(periodShort, { message: m.periodTooLong, path: ['to'] });
export type AdminConsignorReportQuery = z.infer<typeof adminConsignorReportQuerySchema>;

const cents = z.number().int();

/** What every row and the totals count. */
const figuresShape = {
  /** Consigned lots that closed in the period: sold plus unsold (a live sale's passed lots are unsold). */
  lotsOffered: z.number().int(),
  lotsSold: z.number().int(),
  lotsUnsold: z.number().int(),
  /** Unsold of offered, in basis points rounded half up (3 of 8 is 3,750); null when nothing was offered. */
  unsoldRateBps: z.number().int().nullable(),
  /** The hammer of the sold lots (the buyer's order's, as settlements take it), settled or not. */
  hammerCents: cents,
  /** Lots with a settlement in the journal (reversed ones included: their reversal nets them to zero). */
  lotsSettled: z.number().int(),
  /** From the journal: hammer credited to consignors, less reversals. */
  settledHammerCents: cents,
  commissionCents: cents,
  /** Lotting, photography, insurance and buy-in fees. */
  feesCents: cents,
  vatCents: cents,
  /** Credited to the consignors: settled hammer less commission, fees and VAT (negative when fees exceed it). */
  netCents: cents,
};
export const reportFiguresSchema = z.object(figuresShape).meta({ id: 'AdminReportFigures' });
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const adminConsignmentReportRowSchema = z
  .object({
    /** The sale's id, or the month as YYYY-MM. */
    key: textField(),
    saleId: textField().nullable(),
    saleTitle: textField().nullable(),
    /** YYYY-MM (UTC) of a month row; of a sale row, the month its last lot in the period closed. */
    month: textField(),
    /** When the row's first and last lot closed, within the period. */
    firstClosedAt: textField(),
    lastClosedAt: textField(),
    ...figuresShape,
  })
  .meta({ id: 'AdminConsignmentReportRow' });
export type AdminConsignmentReportRow = z.infer<typeof adminConsignmentReportRowSchema>;

export const adminConsignorReportRowSchema = z
  .object({
    consignorId: textField(),
    consignorName: textField(),
    kind: z.enum(CONSIGNOR_KINDS),
    ...figuresShape,
  })
  .meta({ id: 'AdminConsignorReportRow' });
export type AdminConsignorReportRow = z.infer<typeof adminConsignorReportRowSchema>;

const periodAnswer = {
  /** ISO timestamps: `from` included, `to` excluded. */
  from: textField(),
  to: textField(),
  currency: textField(),
};

export const adminConsignmentReportSchema = z
  .object({
    ...periodAnswer,
    groupBy: z.enum(REPORT_GROUPS),
    rows: z.array(adminConsignmentReportRowSchema),
    totals: reportFiguresSchema,
  })
  .meta({ id: 'AdminConsignmentReport' });
export type AdminConsignmentReport = z.infer<typeof adminConsignmentReportSchema>;

export const adminConsignorReportSchema = z
  .object({
    ...periodAnswer,
    rows: z.array(adminConsignorReportRowSchema),
    totals: reportFiguresSchema,
  })
  .meta({ id: 'AdminConsignorReport' });
export type AdminConsignorReport = z.infer<typeof adminConsignorReportSchema>;

export const adminConsignmentReportResponseSchema = z.object({ data: adminConsignmentReportSchema });
export const adminConsignorReportResponseSchema = z.object({ data: adminConsignorReportSchema });
