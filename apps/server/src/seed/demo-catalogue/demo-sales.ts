/** The demo sales: one open now, some upcoming, some finished. Times are relative to the first start. */
export interface DemoSale {
  slug: string;
  title: string;
  description: string;
  type: 'timed' | 'live';
  /** Hours from now (negative = past). */
  startsInHours: number;
  /** Hours from now to the end of lot 1. */
  firstLotEndsInHours: number;
  staggerSeconds: number;
  lots: number;
  /** Which rugs the sale draws from, by style; empty = any. */
  styles: readonly string[];
}

export const DEMO_SALES: readonly DemoSale[] = [
  {
    slug: 'spring-collectors-sale',
    title: 'The Spring Collector\u2019s Sale',
    description:
      'Forty lots of Persian, Caucasian and Anatolian weavings from three private collections, with a group of antique Heriz and Serapi carpets. Lots close one every four minutes; a bid in the last two minutes extends the lot.',
    type: 'timed',
    startsInHours: -48,
    firstLotEndsInHours: 0.75,
    staggerSeconds: 240,
    lots: 40,
    styles: [],
  },
  {
    slug: 'caucasian-and-tribal-weavings',
    title: 'Caucasian and Tribal Weavings',
    description:
      'Kazak, Shirvan, Kuba and Karabagh rugs of the nineteenth century alongside Turkmen, Baluch and Qashqai pieces, most fresh to the market.',
    type: 'timed',
    startsInHours: 72,
    firstLotEndsInHours: 24 * 10,
    staggerSeconds: 60,
    lots: 24,
    styles: ['caucasian', 'centralAsian'],
  },
  {
    slug: 'decorative-carpets-oushak-to-art-deco',
    title: 'Decorative Carpets: Oushak to Art Deco',
    description:
      'Room-size Oushaks, Art Deco Chinese rugs by the Nichols workshop, Aubussons and mid-century Scandinavian ryas, chosen for colour and scale. Sold live from our gallery, with online bidding.',
    type: 'live',
    // Running now, so the clerk's console (/admin/live/{id}) and the room (/live/{slug}) can be tried: absentee
    // bids are taken until the auctioneer puts each lot on the block.
    startsInHours: -6,
    firstLotEndsInHours: 24 * 4,
    staggerSeconds: 90,
    lots: 18,
    styles: ['turkish', 'chinese', 'european', 'moroccan', 'modern'],
  },
  {
    slug: 'winter-fine-rugs-and-carpets',
    title: 'Winter Fine Rugs and Carpets',
    description: 'Our winter sale of fine Persian city rugs, silk pieces and Indian carpets.',
    type: 'timed',
    startsInHours: -24 * 28,
    firstLotEndsInHours: -24 * 21,
    staggerSeconds: 60,
    lots: 24,
    styles: ['persian', 'indian', 'turkish'],
  },
  {
    slug: 'autumn-tribal-rugs',
    title: 'Autumn Sale: Tribal and Village Rugs',
    description: 'Village and nomad weavings from Anatolia, the Caucasus and Central Asia.',
    type: 'timed',
    startsInHours: -24 * 70,
    firstLotEndsInHours: -24 * 63,
    staggerSeconds: 60,
    lots: 14,
    styles: ['caucasian', 'centralAsian', 'turkish'],
  },
];
