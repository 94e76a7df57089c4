import { webPaths } from '@knotwork/shared/constants/web-paths';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { mailT } from '../mail/mail-i18n.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';
import { takeDueAlerts, type DueAlert } from './alert-repository.ts';

/** Owners one mail run takes at most (one mail each, with all their due alerts). */
export const ALERT_MAIL_OWNERS = 200;
/** Rugs named per search in one mail; the rest are "and N more" behind the search's link. */
const RUGS_PER_SEARCH_MAX = 10;

export interface AlertMailGroup {
  name: string;
  /** New matches in all; `rugs` names the first few. */
  total: number;
  rugs: { title: string; url: string }[];
}

/** One mail per owner: every search with its new matches, whether sent at once or as the daily digest. */
export function savedSearchAlertMail(input: {
  firstName?: string;
  language: Language;
  groups: AlertMailGroup[];
  manageUrl: string;
}): MailContent {
  const t = mailT(input.language);
  const total = input.groups.reduce((n, g) => n + g.total, 0);
  const subject =
    input.groups.length === 1
      ? t('savedSearches.mail.subjectOne', { name: input.groups[0]!.name, count: total })
      : t('savedSearches.mail.subjectMany', { count: total });
  const hello = greeting(input.firstName, input.language);
  const intro = t('savedSearches.mail.intro');
  const manage = t('savedSearches.mail.manage');
  const textGroups = input.groups.map((g) => {
    const shown = g.rugs.slice(0, RUGS_PER_SEARCH_MAX);
    const more = g.total - shown.length;
    return [
      `${g.name}`,
      ...shown.map((r) => `- ${r.title}: ${r.url}`),
      ...(more > 0 ? [t('savedSearches.mail.more', { count: more })] : []),
    ].join('\n');
  });
  const text = `${hello}\n\n${intro}\n\n${textGroups.join('\n\n')}\n\n${manage}: ${input.manageUrl}\n\n${signature(input.language)}\n`;
  const htmlGroups = input.groups
    .map((g) => {
      const shown = g.rugs.slice(0, RUGS_PER_SEARCH_MAX);
      const more = g.total - shown.length;
      return `<h2 style="font-size:18px;font-weight:normal;color:#7a2e1f;margin:24px 0 8px;">${escapeHtml(g.name)}</h2>
<ul style="padding-inline-start:20px;margin:0;">${shown.map((r) => `<li><a href="${escapeHtml(r.url)}" style="color:#2b2118;">${escapeHtml(r.title)}</a></li>`).join('')}</ul>${
        more > 0
          ? `<p style="font-size:14px;color:#5c4d3c;">${escapeHtml(t('savedSearches.mail.more', { count: more }))}</p>`
          : ''
      }`;
    })
    .join('\n');
  const html = layout(
    subject,
    `<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro)}</p>
${htmlGroups}
<p style="font-size:14px;margin-top:28px;"><a href="${escapeHtml(input.manageUrl)}" style="color:#7a2e1f;">${escapeHtml(manage)}</a></p>`,
    input.language,
  );
  return { subject, text, html, kind: 'saved_searches' };
}

/**
 * Takes the owners with alert e-mails due (at once, or the digest hour passed) and all their due alerts, marks
 * those mailed in the same statement (skip locked: any number of processes, each alert mailed at most once) and
 * returns one mail per owner naming up to ten rugs per search. The caller sends them after this commits.
 */
export async function takeDueAlertMails(
  db: Db,
  publicUrl: string,
): Promise<{ owners: number; mails: MailMessage[] }> {
  const due = await takeDueAlerts(db, { owners: ALERT_MAIL_OWNERS, rugsPerSearch: RUGS_PER_SEARCH_MAX });
  const byUser = new Map<string, DueAlert[]>();
  for (const a of due) {
    const list = byUser.get(a.user_id);
    if (list) list.push(a);
    else byUser.set(a.user_id, [a]);
  }
  const manageUrl = new URL(webPaths.myItems.href('searches'), publicUrl).toString();
  const mails: MailMessage[] = [];
  for (const alerts of byUser.values()) {
    const groups = new Map<string, AlertMailGroup>();
    for (const a of alerts) {
      const group = groups.get(a.search_id) ?? { name: a.search_name, total: num(a.total), rugs: [] };
      group.rugs.push({
        title: a.rug_title,
        url: new URL(webPaths.rug.href(a.rug_id), publicUrl).toString(),
      });
      groups.set(a.search_id, group);
    }
    const first = alerts[0]!;
    mails.push({
      to: first.email,
      ...savedSearchAlertMail({
        ...(first.first_name ? { firstName: first.first_name } : {}),
        language: isLanguage(first.language) ? first.language : 'en',
        groups: [...groups.values()],
        manageUrl,
      }),
    });
  }
  return { owners: byUser.size, mails };
}
