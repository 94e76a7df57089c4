import type { Language } from '@knotwork/shared/constants/languages';
import type { Shipment } from '@knotwork/shared/schemas/shipments';
import { mailT } from '../../mail/mail-i18n.ts';
import type { HouseIdentity } from './documents-repository.ts';
import { addressBlock, letterhead } from './invoice-pdf.ts';
import { documentDate, renderPdf } from './pdf-writer.ts';
import { pluralKey } from '../shipments/shipment-mail.ts';

/**
 * The packing slip of a shipment (issue 24 §2): the house, the shipment's reference, where it goes (as that
 * country writes addresses) and the buyer's phone for the courier, then every rug in the parcel with its lot
 * number, title and order, and a line for whoever packs it. No prices: it travels inside the parcel.
 */
export function renderPackingSlipPdf(
  s: Shipment,
  house: HouseIdentity,
  language: Language,
  now = new Date(),
): Promise<Buffer> {
  const t = mailT(language);
  return renderPdf(
    { title: `${t('documents.packingSlip')} ${s.reference}`, author: house.name },
    (w) => {
      letterhead(w, house, language, {
        title: t('documents.packingSlip'),
        lines: [
          t('documents.shipment', { reference: s.reference }),
          documentDate(now.toISOString(), language),
        ],
      });
      w.text(t('documents.shipTo'), { bold: true });
      w.lines(addressBlock(s.address, language, s.shippingMethod === 'collect'), { size: 12 });
      const phone = s.address?.phone ?? s.buyer.phone;
      if (phone) w.text(t('documents.phone', { phone }), { size: 10 });
      if (s.carrierName && s.trackingNumber)
        w.text(t('documents.carrier', { carrier: s.carrierName, tracking: s.trackingNumber }), { size: 10 });
      w.gap();
      w.rule();
      w.text(
        `${t('documents.rugs')} (${t(pluralKey('documents.rugsCount', s.orders.length, language), { count: s.orders.length })})`,
        { bold: true },
      );
      w.gap(0.3);
      for (const o of s.orders) {
        const name =
          o.lotNumber === null ? o.rugTitle : `${t('documents.lot', { lot: o.lotNumber })} · ${o.rugTitle}`;
        w.text(`☐  ${name}`, { size: 11 });
        w.text(
          [o.saleTitle, t('documents.order', { id: o.id.slice(0, 8).toUpperCase() })]
            .filter(Boolean)
            .join(' · '),
          {
            size: 9,
            color: '#555',
            x: 68,
            width: 470,
          },
        );
        w.gap(0.4);
      }
      w.rule();
      w.gap();
      w.text(t('documents.checked'), { size: 10 });
    },
    language,
  );
}
