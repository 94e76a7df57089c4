import type {
  AdminConsignmentReport,
  AdminConsignmentReportQuery,
  AdminConsignmentReportRow,
  AdminConsignorReport,
  AdminConsignorReportQuery,
  AdminConsignorReportRow,
  ReportFigures,
} from '@knotwork/shared/schemas/settlement-reports-staff';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { amount, buildCsv, count, percent, text, type CsvCell } from './reports-csv.ts';
import { createSettlementReportRepository, type ReportLotRow } from './reports-repository.ts';

const empty = (): ReportFigures => ({
  lotsOffered: 0,
  lotsSold: 0,
  lotsUnsold: 0,
  unsoldRateBps: null,
  hammerCents: 0,
  lotsSettled: 0,
  settledHammerCents: 0,
  commissionCents: 0,
  feesCents: 0,
  vatCents: 0,
  netCents: 0,
});

const add = (f: ReportFigures, r: ReportLotRow): void => {
  f.lotsOffered += 1;
  if (r.outcome === 'sold') f.lotsSold += 1;
  else f.lotsUnsold += 1;
  f.hammerCents += num(r.hammer);
  if (r.settled) f.lotsSettled += 1;
  f.settledHammerCents += num(r.ledger_hammer ?? 0);
  f.commissionCents += num(r.ledger_commission ?? 0);
  f.feesCents += num(r.ledger_fees ?? 0);
  f.vatCents += num(r.ledger_vat ?? 0);
  f.netCents += num(r.ledger_net ?? 0);
};

/** Unsold of offered in basis points, half up, exact in integers: 1 of 3 is 3,333; 2 of 3 is 6,667. */
export const unsoldRateBps = (unsold: number, offered: number): number | null =>
  offered === 0 ? null : Math.floor((unsold * 20_000 + offered) / (offered * 2));

const finish = <T extends ReportFigures>(f: T): T => ({
  ...f,
  unsoldRateBps: unsoldRateBps(f.lotsUnsold, f.lotsOffered),
});

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/** The period asked for, or twelve whole months: the eleven before this one and this one (UTC). */
function period(q: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : new Date(Date.UTC(y, mo - 11, 1));
  const to = q.to ? new Date(`${q.to}T00:00:00Z`) : new Date(Date.UTC(y, mo + 1, 1));
  return { from, to };
}

const FIGURE_HEADER = [
  'Lots offered',
  'Lots sold',
  'Lots unsold',
  'Unsold rate %',
  'Hammer',
  'Lots settled',
  'Settled hammer',
  'Commission',
  'Fees',
  'VAT',
  'Net to consignors',
  'Currency',
] as const;

const figureCells = (f: ReportFigures, currency: string): CsvCell[] => [
  count(f.lotsOffered),
  count(f.lotsSold),
  count(f.lotsUnsold),
  percent(f.unsoldRateBps),
  amount(f.hammerCents),
  count(f.lotsSettled),
  amount(f.settledHammerCents),
  amount(f.commissionCents),
  amount(f.feesCents),
  amount(f.vatCents),
  amount(f.netCents),
  text(currency),
];

/**
 * Consignment reports (issue 27 §4): per sale or month, the consigned lots offered, sold and unsold, their hammer,
 * and the commission, fees, VAT and net the journal holds for them; per consignor the same. Read-only.
 */
export function createSettlementReportService(deps: { db: Db; currency: string; now?: () => Date }) {
  const repo = createSettlementReportRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function consignments(q: AdminConsignmentReportQuery): Promise<AdminConsignmentReport> {
    const { from, to } = period(q, now());
    const lots = await repo.lotsClosedBetween(from, to);
    const groups = new Map<string, AdminConsignmentReportRow>();
    const totals = empty();
    for (const r of lots) {
      const ms = num(r.closed_ms);
      const iso = new Date(ms).toISOString();
      const key = q.groupBy === 'sale' ? r.sale_id : monthOf(ms);
      let g = groups.get(key);
      if (!g) {
        g = {
          key,
          saleId: q.groupBy === 'sale' ? r.sale_id : null,
          saleTitle: q.groupBy === 'sale' ? r.sale_title : null,
          month: monthOf(ms),
          firstClosedAt: iso,
          lastClosedAt: iso,
          ...empty(),
        };
        groups.set(key, g);
      }
      // Lots come in closing order: the last one seen is the latest.
      g.lastClosedAt = iso;
      g.month = monthOf(ms);
      add(g, r);
      add(totals, r);
    }
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      currency: deps.currency,
      groupBy: q.groupBy,
      rows: [...groups.values()].map(finish),
      totals: finish(totals),
    };
  }

  async function consignors(q: AdminConsignorReportQuery): Promise<AdminConsignorReport> {
    const { from, to } = period(q, now());
    const lots = await repo.lotsClosedBetween(from, to);
    const groups = new Map<string, AdminConsignorReportRow>();
    const totals = empty();
    for (const r of lots) {
      let g = groups.get(r.consignor_id);
      if (!g) {
        g = {
          consignorId: r.consignor_id,
          consignorName: r.consignor_name,
          kind: r.consignor_kind,
          ...empty(),
        };
        groups.set(r.consignor_id, g);
      }
      add(g, r);
      add(totals, r);
    }
    const rows = [...groups.values()]
      .map(finish)
      .sort(
        (a, b) =>
          a.consignorName.localeCompare(b.consignorName, 'en') || (a.consignorId < b.consignorId ? -1 : 1),
      );
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      currency: deps.currency,
      rows,
      totals: finish(totals),
    };
  }

  const day = (iso: string) => iso.slice(0, 10);
  const fileName = (kind: string, r: { from: string; to: string }) =>
    `knotwork-${kind}-${day(r.from)}-to-${day(r.to)}.csv`;

  return {
    consignments,
    consignors,

    /** The consignments report as CSV: one line per row, then the totals. */
    async consignmentsCsv(q: AdminConsignmentReportQuery): Promise<{ body: string; filename: string }> {
      const r = await consignments(q);
      const body = buildCsv(
        [q.groupBy === 'sale' ? 'Sale' : 'Month', 'First lot closed', 'Last lot closed', ...FIGURE_HEADER],
        [
          ...r.rows.map((row) => [
            text(row.saleTitle ?? row.month),
            text(day(row.firstClosedAt)),
            text(day(row.lastClosedAt)),
            ...figureCells(row, r.currency),
          ]),
          [text('Total'), text(''), text(''), ...figureCells(r.totals, r.currency)],
        ],
      );
      return { body, filename: fileName(`consignments-by-${q.groupBy}`, r) };
    },

    /** The consignors report as CSV: one line per consignor, then the totals. */
    async consignorsCsv(q: AdminConsignorReportQuery): Promise<{ body: string; filename: string }> {
      const r = await consignors(q);
      const body = buildCsv(
        ['Consignor', 'Kind', ...FIGURE_HEADER],
        [
          ...r.rows.map((row) => [text(row.consignorName), text(row.kind), ...figureCells(row, r.currency)]),
          [text('Total'), text(''), ...figureCells(r.totals, r.currency)],
        ],
      );
      return { body, filename: fileName('consignors', r) };
    },
  };
}
export type SettlementReportService = ReturnType<typeof createSettlementReportService>;
