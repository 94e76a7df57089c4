/** The house's demo collections, in the order the footer shows them. */
export const DEMO_COLLECTIONS = [
  {
    title: 'Antique Persian',
    slug: 'antique-persian',
    description:
      'Village and city rugs woven in Persia before 1925: Heriz, Serapi, Kashan, Tabriz and Ferahan, chosen for colour, drawing and honest condition.',
  },
  {
    title: 'Caucasian Tribal',
    slug: 'caucasian-tribal',
    description:
      'Kazak, Shirvan, Kuba and Karabagh rugs of the 19th century, with bold geometry and saturated natural dyes.',
  },
  {
    title: 'Oushak & Anatolian',
    slug: 'oushak-anatolian',
    description:
      'Decorative Oushaks in soft apricot, celadon and ivory, and the village weavings of central Anatolia.',
  },
  {
    title: 'Tribal & Nomadic',
    slug: 'tribal-nomadic',
    description:
      'Turkmen, Baluch, Qashqai and Luri weavings: the portable art of the nomad, from main carpets to bags.',
  },
  {
    title: 'Moroccan & Berber',
    slug: 'moroccan-berber',
    description:
      'Beni Ourain, Azilal and Boucherouite rugs from the Atlas: thick pile, free drawing, modern sensibility.',
  },
  {
    title: 'Mid-Century & Modern',
    slug: 'mid-century-modern',
    description:
      'Art Deco Chinese, Scandinavian rya and contemporary hand-knotted rugs for modern interiors.',
  },
  {
    title: 'Runners & Gallery Sizes',
    slug: 'runners-gallery',
    description:
      'Long formats for halls and stairs, and the grand gallery carpets of the Persian court workshops.',
  },
  {
    title: 'Silk & Collector Pieces',
    slug: 'silk-collector',
    description:
      'Hereke, Qum and Kashan silks and the rare, documented pieces our specialists are proudest to offer.',
  },
];
