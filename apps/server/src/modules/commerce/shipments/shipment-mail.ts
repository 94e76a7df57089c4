import type { Language } from '@knotwork/shared/constants/languages';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { countryNameIn, formatAddress } from '@knotwork/shared/addresses/formats';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../../mail/templates.ts';
import { mailT } from '../../mail/mail-i18n.ts';

/** An i18next-style plural key ("body_one", Arabic "body_two"...): the mail texts have no plural logic of their own. */
export function pluralKey(key: string, count: number, language: Language): string {
  return `${key}_${new Intl.PluralRules(language).select(count)}`;
}

/** The ship-to address as its country writes it (decision 073), the country named in the reader's language. */
export function shipToLines(a: ShippingAddressCopy, language: Language): string[] {
  return formatAddress(a, { countryName: countryNameIn(a.country, language) });
}

/**
 * The one "on its way" mail of a shipment (issue 24 §2): every rug that left, the carrier, the tracking number and
 * the carrier's tracking page when known, and where it is going; in the buyer's language.
 */
export function shipmentMail(i: {
  firstName: string;
  language: Language;
  rugs: { title: string; lotNumber: number | null }[];
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  address: ShippingAddressCopy | null;
  orderUrl: string;
}): MailContent {
  const { language } = i;
  const t = mailT(language);
  const names = i.rugs.map((r) =>
    r.lotNumber === null ? r.title : t('payments.lotName', { lot: r.lotNumber, title: r.title }),
  );
  const subject =
    names.length === 1
      ? t('payments.shipment.subjectOne', { title: names[0]! })
      : t('payments.shipment.subjectMany', { count: names.length });
  const intro = t(pluralKey('payments.shipment.body', names.length, language), {
    count: names.length,
    carrier: i.carrier,
  });
  const tracking = t('payments.shipment.tracking', { tracking: i.trackingNumber });
  const address = i.address ? shipToLines(i.address, language) : [];
  const text = [
    greeting(i.firstName, language),
    intro,
    names.map((n) => `- ${n}`).join('\n'),
    i.trackingUrl ? `${tracking}\n${t('payments.shipment.track')}: ${i.trackingUrl}` : tracking,
    address.length ? `${t('payments.shipment.to')}\n${address.join('\n')}` : '',
    `${t('payments.shipment.link')}: ${i.orderUrl}`,
    signature(language),
  ]
    .filter(Boolean)
    .join('\n\n');
  const button = (href: string, label: string) =>
    `<p style="text-align:center;margin:28px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;letter-spacing:1px;">${escapeHtml(label)}</a></p>`;
  const html = layout(
    subject,
    [
      `<p>${escapeHtml(greeting(i.firstName, language))}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`,
      `<p>${escapeHtml(tracking)}</p>`,
      i.trackingUrl ? button(i.trackingUrl, t('payments.shipment.track')) : '',
      address.length
        ? `<p><strong>${escapeHtml(t('payments.shipment.to'))}</strong><br>${address.map((l) => `<bdi>${escapeHtml(l)}</bdi>`).join('<br>')}</p>`
        : '',
      `<p><a href="${escapeHtml(i.orderUrl)}">${escapeHtml(t('payments.shipment.link'))}</a></p>`,
    ].join('\n'),
    language,
  );
  return { subject, text, html };
}
