import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

/** One due alert with what its mail needs: the owner's address and language, the search, the rug. */
export interface DueAlert {
  user_id: string;
  email: string;
  first_name: string | null;
  language: string;
  search_id: string;
  search_name: string;
  /** New matches of this search in this mail (only the first `rugsPerSearch` rugs come with the row). */
  total: number | string;
  rug_id: string;
  rug_title: string;
}

/**
 * Takes up to `owners` owners with alert e-mails due (at once, or the digest hour passed) and all their due alerts,
 * and marks those mailed in the same statement (skip locked: any number of processes, each alert mailed at most
 * once). Answers the first `rugsPerSearch` rugs of each search, in mail order (owner, search, match).
 */
export async function takeDueAlerts(
  db: Db,
  limits: { owners: number; rugsPerSearch: number },
): Promise<DueAlert[]> {
  return rows<DueAlert>(
    db,
    sql`with owners as (
          select user_id from saved_search_alerts
          where emailed_at is null and email_due_at <= now()
          group by user_id limit ${limits.owners}),
        due as (
          select a.saved_search_id, a.rug_id from saved_search_alerts a join owners o on o.user_id = a.user_id
          where a.emailed_at is null and a.email_due_at <= now()
          for update of a skip locked),
        marked as (
          update saved_search_alerts a set emailed_at = now() from due
          where a.saved_search_id = due.saved_search_id and a.rug_id = due.rug_id
          returning a.saved_search_id, a.rug_id, a.user_id, a.created_at),
        ranked as (
          select m.*, row_number() over (partition by m.saved_search_id order by m.created_at, m.rug_id) as n,
            count(*) over (partition by m.saved_search_id) as total
          from marked m)
        select m.user_id, u.email, u.first_name, u.language, s.id as search_id, s.name as search_name, m.total,
          r.id as rug_id, r.title as rug_title
        from ranked m join users u on u.id = m.user_id join saved_searches s on s.id = m.saved_search_id
          join rugs r on r.id = m.rug_id
        where m.n <= ${limits.rugsPerSearch}
        order by m.user_id, s.created_at, s.id, m.n`,
  );
}
