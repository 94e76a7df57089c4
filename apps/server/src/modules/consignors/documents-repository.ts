import { sql } from 'drizzle-orm';
import type { Language } from '@knotwork/shared/constants/languages';
import type { LotOutcome, SettlementLines } from '@knotwork/shared/consignments/settlement';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

const ms = (column: string) => sql.raw(`extract(epoch from ${column}) * 1000`);

/** A lot a statement names, with the consignor's settlement of it when there is one (not reversed or reversed). */
export interface StatementLotRow {
  lot_id: string;
  lot_number: number | null;
  rug_title: string;
  sale_title: string;
  /** A live sale's start, a timed sale's end, as the invoices date a sale. */
  sale_ms: string | number;
  outcome: LotOutcome | null;
  lines: SettlementLines | null;
}

/** The SQL of the consignor's documents (the statement and the agreement PDFs). */
export function createDocumentsRepository() {
  return {
    /** The lots `lotIds` with their titles and sale, and the consignor's settlement of each, if any. */
    statementLots: (tx: Db, consignorId: string, lotIds: readonly string[]) =>
      rows<StatementLotRow>(
        tx,
        sql`select l.id as lot_id, l.lot_number, r.title as rug_title, a.title as sale_title,
              ${ms(`case when a.type = 'live' then a.starts_at else a.ends_at end`)} as sale_ms,
              s.outcome, s.lines
            from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id
              left join lot_settlements s on s.lot_id = l.id and s.consignor_id = ${consignorId}::uuid
            where l.id = any(${sql.param([...lotIds])}::uuid[])`,
      ),

    async userLanguage(tx: Db, userId: string): Promise<Language> {
      const [row] = await rows<{ language: Language }>(
        tx,
        sql`select language from users where id = ${userId}::uuid`,
      );
      return row?.language ?? 'en';
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
