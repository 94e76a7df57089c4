import type { Language } from '@knotwork/shared/constants/languages';
import type { Shipment } from '@knotwork/shared/schemas/shipments';
import { mailT } from '../../mail/mail-i18n.ts';
import type { Block } from './document-blocks.ts';
import type { HouseIdentity } from './documents-repository.ts';
import { addressBlock } from './invoice-pdf.ts';
import { documentDate, documentFrame, letterhead } from './pdf-writer.ts';
import { renderDocumentAsync } from './typst-engine.ts';
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
  const blocks: Block[] = [
    letterhead(house, language, {
      title: t('documents.packingSlip'),
      lines: [t('documents.shipment', { reference: s.reference }), documentDate(now.toISOString(), language)],
    }),
    { kind: 'gap', size: 6 },
    { kind: 'text', text: t('documents.shipTo'), bold: true },
    { kind: 'lines', lines: addressBlock(s.address, language, s.shippingMethod === 'collect'), size: 12 },
  ];
  const phone = s.address?.phone ?? s.buyer.phone;
  if (phone) blocks.push({ kind: 'text', text: t('documents.phone', { phone }) });
  if (s.carrierName && s.trackingNumber)
    blocks.push({
      kind: 'text',
      text: t('documents.carrier', { carrier: s.carrierName, tracking: s.trackingNumber }),
    });
  blocks.push(
    { kind: 'gap', size: 8 },
    { kind: 'rule' },
    {
      kind: 'text',
      text: `${t('documents.rugs')} (${t(pluralKey('documents.rugsCount', s.orders.length, language), { count: s.orders.length })})`,
      bold: true,
    },
  );
  for (const o of s.orders) {
    const name =
      o.lotNumber === null ? o.rugTitle : `${t('documents.lot', { lot: o.lotNumber })} · ${o.rugTitle}`;
    blocks.push(
      { kind: 'text', text: `☐  ${name}`, size: 11, above: 8 },
      {
        kind: 'text',
        text: [o.saleTitle, t('documents.order', { id: o.id.slice(0, 8).toUpperCase() })]
          .filter(Boolean)
          .join(' · '),
        size: 9,
        color: '#555555',
        indent: 18,
        above: 0,
      },
    );
  }
  blocks.push({ kind: 'rule' }, { kind: 'gap', size: 10 }, { kind: 'text', text: t('documents.checked') });
  return renderDocumentAsync(
    documentFrame(
      language,
      { title: `${t('documents.packingSlip')} ${s.reference}`, author: house.name },
      blocks,
    ),
  );
}
