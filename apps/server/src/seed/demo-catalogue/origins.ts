import type { AgeClass, KnotType, RugColour, RugMaterial, RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';

/** How a weaving centre's rugs are made, look and sell; the generator draws every rug from one of these. */
export interface OriginProfile {
  region: string;
  country: string;
  style: RugStyle;
  /** Names used in titles, e.g. "Heriz Serapi" for the finest antique Heriz. */
  names: readonly string[];
  ages: readonly AgeClass[];
  shapes: readonly RugShape[];
  knot: KnotType;
  /** Knots per square inch, low and high; null for flatweaves. */
  kpsi: readonly [number, number] | null;
  pile: readonly (readonly RugMaterial[])[];
  foundation: readonly (readonly RugMaterial[])[];
  palettes: readonly (readonly RugColour[])[];
  /** Opening sentences about the drawing. */
  designs: readonly string[];
  /** A closing sentence: context, comparison or provenance. */
  notes: readonly string[];
  /** Price per square metre in US dollars for a modern, antique piece (the generator scales by age and grade). */
  usdPerSqm: readonly [number, number];
  /** Demo collections (slugs) every rug of this origin joins. */
  collections: readonly string[];
}

export const ORIGINS: readonly OriginProfile[] = [
  {
    region: 'Heriz', country: 'Iran', style: 'persian', names: ['Heriz', 'Heriz Serapi', 'Heriz'],
    ages: ['antique', 'antique', 'vintage'], shapes: ['rectangle', 'rectangle', 'square', 'runner'],
    knot: 'symmetric', kpsi: [45, 90], pile: [['wool']], foundation: [['cotton']],
    palettes: [['rust', 'ivory', 'navy', 'blue'], ['red', 'ivory', 'blue', 'gold'], ['rust', 'teal', 'ivory', 'brown']],
    designs: [
      'A bold angular medallion with pendant anchors floats on a rust field of stylised vinery, framed by spandrels in faded indigo.',
      'The field is drawn in the open, architectural manner of the Heriz district: a stepped medallion, hooked palmettes and generous negative space.',
      'An oversized star medallion in sky blue and ivory dominates a terracotta field, with the crab border typical of the region.',
    ],
    notes: [
      'Woven in the villages on the slopes of Mount Sabalan, Heriz carpets were made to withstand a century of use, and this one has.',
      'The finest early Heriz weavings were sold in the West as Serapi; the light palette and spacious drawing here earn the name.',
      'A carpet of this scale and colour sits as comfortably in a contemporary room as in a panelled library.',
    ],
    usdPerSqm: [900, 4200], collections: ['antique-persian'],
  },
  {
    region: 'Tabriz', country: 'Iran', style: 'persian', names: ['Tabriz', 'Haji Jalili Tabriz', 'Tabriz'],
    ages: ['antique', 'vintage', 'vintage', 'modern'], shapes: ['rectangle', 'rectangle', 'square'],
    knot: 'symmetric', kpsi: [120, 320], pile: [['wool'], ['wool', 'silk']], foundation: [['cotton']],
    palettes: [['ivory', 'red', 'navy', 'green'], ['red', 'navy', 'gold'], ['beige', 'rust', 'blue']],
    designs: [
      'A classical lobed medallion and quarter-medallion corners on an ivory field of scrolling palmettes and cloud bands.',
      'An all-over herati design, finely drawn, with a main border of alternating rosettes and split-leaf palmettes.',
      'A pictorial garden design: cypress, flowering trees and birds arranged in compartments, drawn with urban precision.',
    ],
    notes: [
      'Tabriz was the great workshop city of north-west Persia; its weavers could render any cartoon, and did so for export to Europe and America.',
      'The silk highlights in the medallion catch the light as one walks around the carpet.',
      'A documented workshop quality, with the crisp drawing that made Tabriz famous.',
    ],
    usdPerSqm: [700, 3800], collections: ['antique-persian'],
  },
  {
    region: 'Kashan', country: 'Iran', style: 'persian', names: ['Kashan', 'Mohtasham Kashan', 'Kashan'],
    ages: ['antique', 'antique', 'vintage'], shapes: ['rectangle', 'rectangle'],
    knot: 'asymmetric', kpsi: [150, 320], pile: [['wool'], ['wool'], ['silk']], foundation: [['cotton'], ['silk']],
    palettes: [['red', 'navy', 'ivory', 'gold'], ['navy', 'red', 'ivory'], ['ivory', 'pink', 'blue']],
    designs: [
      'A deep madder field with a pendant medallion of rosettes and palmettes, the corners echoing it in midnight blue.',
      'A prayer design: the mihrab arch filled with a flowering tree and a hanging lamp, the spandrels in ivory.',
      'Dense, velvety floral drawing on a navy ground, the main border of turtle palmettes characteristic of the city.',
    ],
    notes: [
      'The wool of early twentieth-century Kashan, including imported Merino, gives the pile its unmistakable sheen.',
      'Rugs attributed to the workshop of Mohtasham are among the most sought-after Persian weavings of their period.',
      'A fine city rug of the kind European collectors commissioned in the years before the First World War.',
    ],
    usdPerSqm: [900, 6500], collections: ['antique-persian'],
  },
  {
    region: 'Ferahan', country: 'Iran', style: 'persian', names: ['Sarouk Ferahan', 'Ferahan', 'Mishan Malayer'],
    ages: ['antique', 'antique'], shapes: ['rectangle', 'runner'],
    knot: 'asymmetric', kpsi: [90, 160], pile: [['wool']], foundation: [['cotton']],
    palettes: [['navy', 'red', 'green', 'ivory'], ['red', 'navy', 'gold'], ['green', 'red', 'ivory']],
    designs: [
      'An all-over Mina Khani lattice on an indigo field, the border in the green that Ferahan weavers used more than any other workshop.',
      'A small pole medallion on a field of herati, the fine weave giving crisp outlines to every leaf.',
      'A shaped lozenge medallion with a camel-coloured field, in the restrained palette of the best Sarouk Ferahan rugs.',
    ],
    notes: [
      'The copper green of the border has, as expected, eaten slightly into the pile: a sign of an early natural dye.',
      'The Ferahan plain, south of Arak, produced some of the most refined village weavings of nineteenth-century Persia.',
      'A collector\u2019s rug of unusual clarity, with all the charm of its slight irregularities.',
    ],
    usdPerSqm: [1200, 5200], collections: ['antique-persian'],
  },
  {
    region: 'Bidjar', country: 'Iran', style: 'persian', names: ['Bidjar', 'Halvai Bidjar', 'Bidjar'],
    ages: ['antique', 'vintage'], shapes: ['rectangle', 'runner'],
    knot: 'symmetric', kpsi: [90, 180], pile: [['wool']], foundation: [['wool', 'cotton'], ['cotton']],
    palettes: [['red', 'navy', 'ivory'], ['navy', 'gold', 'red'], ['brown', 'red', 'blue']],
    designs: [
      'A tightly packed garrus design of large palmettes on a madder ground, the weave so dense the rug stands almost stiff.',
      'A fish (herati) pattern repeated across a navy field, with a turtle border in camel and red.',
    ],
    notes: [
      'Bidjar weavers beat each row down with an iron comb over a wetted weft; such rugs are called the iron rugs of Persia for good reason.',
      'Heavy and hard-wearing, a Bidjar is the rug for a busy hall.',
    ],
    usdPerSqm: [800, 3600], collections: ['antique-persian'],
  },
  {
    region: 'Bakhtiari', country: 'Iran', style: 'persian', names: ['Bakhtiari', 'Chahar Mahal Bakhtiari'],
    ages: ['vintage', 'antique', 'vintage'], shapes: ['rectangle'],
    knot: 'symmetric', kpsi: [50, 100], pile: [['wool']], foundation: [['cotton']],
    palettes: [['red', 'blue', 'green', 'ivory', 'gold'], ['ivory', 'red', 'green']],
    designs: [
      'The garden design of the Chahar Mahal: square compartments each holding a cypress, a flowering tree or a willow.',
      'A lattice of lozenges, each framing a single flowering shrub, in a strong, saturated palette.',
    ],
    notes: ['Woven by settled Bakhtiari in the villages west of Isfahan, these rugs combine village vigour with a surprising formality.'],
    usdPerSqm: [500, 2200], collections: ['antique-persian'],
  },
  {
    region: 'Qum', country: 'Iran', style: 'persian', names: ['Qum', 'Silk Qum'],
    ages: ['modern', 'vintage'], shapes: ['rectangle', 'rectangle', 'round'],
    knot: 'asymmetric', kpsi: [350, 700], pile: [['silk']], foundation: [['silk']],
    palettes: [['ivory', 'blue', 'gold'], ['teal', 'ivory', 'rust'], ['beige', 'blue', 'pink']],
    designs: [
      'A silk rug of the finest weave, drawn with a hunting scene: riders, deer and lions among flowering trees.',
      'A vase design in pale silk: flowering stems rising from an urn beneath an arch, the colours changing as the light moves.',
    ],
    notes: ['Qum took up weaving only in the 1930s and quickly became known for silk pieces of astonishing density.', 'Signed in the top border by the workshop.'],
    usdPerSqm: [5000, 9000], collections: ['silk-collector'],
  },
  {
    region: 'Oushak', country: 'Turkey', style: 'turkish', names: ['Oushak', 'Oushak', 'Angora Oushak'],
    ages: ['antique', 'antique', 'vintage'], shapes: ['rectangle', 'rectangle', 'square', 'runner'],
    knot: 'symmetric', kpsi: [25, 60], pile: [['wool'], ['wool'], ['wool', 'goatHair']], foundation: [['wool']],
    palettes: [['orange', 'ivory', 'green', 'gold'], ['beige', 'rust', 'blue'], ['ivory', 'pink', 'gold', 'teal']],
    designs: [
      'A large-scale open design of palmettes and leaves in soft apricot on an ivory field, drawn with the loose hand buyers love.',
      'A lattice of serrated leaves in saffron and celadon over a pale ground, with a narrow border of meandering vine.',
      'A spacious field in faded terracotta with an offset medallion, the abrash moving from coral to rose across the length.',
    ],
    notes: [
      'Oushak weavers worked for the European trade from the 1880s, and the decorative palette reflects it.',
      'The lustrous, long-stapled Anatolian wool has aged to a soft sheen.',
      'A room-size Oushak in these colours is one of the most versatile rugs a designer can specify.',
    ],
    usdPerSqm: [600, 3200], collections: ['oushak-anatolian'],
  },
  {
    region: 'Konya', country: 'Turkey', style: 'turkish', names: ['Konya', 'Cappadocian', 'Central Anatolian'],
    ages: ['antique', 'vintage'], shapes: ['rectangle', 'runner'],
    knot: 'symmetric', kpsi: [40, 80], pile: [['wool']], foundation: [['wool']],
    palettes: [['red', 'gold', 'blue', 'green'], ['purple', 'red', 'ivory'], ['red', 'teal', 'gold']],
    designs: [
      'A village prayer rug: a stepped mihrab on a madder ground, with latch-hooked ornaments and a yellow border.',
      'Three stepped medallions on a plain ground, drawn with the confident simplicity of central Anatolian village weaving.',
    ],
    notes: ['Woven for the weaver\u2019s own household rather than the market, which shows in the generous wool.'],
    usdPerSqm: [500, 2400], collections: ['oushak-anatolian'],
  },
  {
    region: 'Hereke', country: 'Turkey', style: 'turkish', names: ['Silk Hereke', 'Hereke'],
    ages: ['vintage', 'modern'], shapes: ['rectangle', 'square'],
    knot: 'symmetric', kpsi: [500, 1200], pile: [['silk'], ['silk', 'metalThread']], foundation: [['silk']],
    palettes: [['ivory', 'gold', 'red'], ['red', 'gold', 'navy'], ['green', 'gold', 'ivory']],
    designs: [
      'A silk prayer rug with a double-columned mihrab, a hanging lamp and inscription cartouches, worked partly in metal thread.',
      'A medallion design after sixteenth-century court carpets, woven at over a thousand knots to the square inch.',
    ],
    notes: ['Hereke was founded as the Ottoman court manufactory in 1843; its silk rugs remain the benchmark for fineness.'],
    usdPerSqm: [9000, 15000], collections: ['silk-collector'],
  },
  {
    region: 'Kazak', country: 'Caucasus', style: 'caucasian', names: ['Kazak', 'Fachralo Kazak', 'Lori Pambak Kazak', 'Borchalo Kazak'],
    ages: ['antique', 'antique', 'vintage'], shapes: ['rectangle', 'square'],
    knot: 'symmetric', kpsi: [40, 80], pile: [['wool']], foundation: [['wool']],
    palettes: [['red', 'blue', 'ivory', 'green'], ['red', 'gold', 'navy'], ['green', 'red', 'ivory']],
    designs: [
      'A large hooked medallion in ivory and madder on a deep red field, the spandrels filled with latch-hooked stars.',
      'Three stepped polygons stacked on a field of saturated brick red, each with a cruciform centre.',
      'A bold geometric design on a grass green ground: the colour most prized in Kazak rugs, and rarely found.',
    ],
    notes: [
      'The long, glossy pile and the saturated natural dyes are exactly what collectors look for in a nineteenth-century Kazak.',
      'Woven in the south-western Caucasus, where Armenian, Azeri and Georgian villages lived side by side.',
      'Its graphic force is what drew the early twentieth-century painters to Caucasian weavings.',
    ],
    usdPerSqm: [900, 5500], collections: ['caucasian-tribal'],
  },
  {
    region: 'Shirvan', country: 'Azerbaijan', style: 'caucasian', names: ['Shirvan', 'Marasali Shirvan', 'Akstafa Shirvan'],
    ages: ['antique', 'antique'], shapes: ['rectangle', 'runner'],
    knot: 'symmetric', kpsi: [80, 140], pile: [['wool']], foundation: [['wool'], ['wool', 'cotton']],
    palettes: [['navy', 'ivory', 'red', 'gold'], ['ivory', 'blue', 'red'], ['blue', 'red', 'green']],
    designs: [
      'A prayer rug with an ivory field of diagonal rows of small botehs, the mihrab outlined in madder.',
      'Rows of stylised Akstafa birds, their tails fanned, march across a midnight blue field.',
      'Small hooked medallions in polychrome rows on a navy ground, with a white kufic border.',
    ],
    notes: ['Shirvan rugs are finer and shorter in the pile than Kazaks, and reward close looking.', 'A dated inscription panel appears near the top.'],
    usdPerSqm: [1000, 5000], collections: ['caucasian-tribal'],
  },
  {
    region: 'Kuba', country: 'Azerbaijan', style: 'caucasian', names: ['Kuba', 'Perepedil', 'Konagkend'],
    ages: ['antique'], shapes: ['rectangle', 'runner'],
    knot: 'symmetric', kpsi: [100, 160], pile: [['wool']], foundation: [['wool'], ['cotton']],
    palettes: [['navy', 'ivory', 'red'], ['ivory', 'blue', 'gold'], ['navy', 'red', 'green']],
    designs: [
      'The ram\u2019s-horn motif of Perepedil repeated in rows on a dark indigo field, with a kufic main border.',
      'A field of small, densely packed geometric ornaments in the crisp drawing of the Kuba district.',
    ],
    notes: ['Fine, tightly woven and short in the pile: a Kuba rewards the hand as much as the eye.'],
    usdPerSqm: [1200, 5200], collections: ['caucasian-tribal'],
  },
  {
    region: 'Karabagh', country: 'Azerbaijan', style: 'caucasian', names: ['Karabagh', 'Chelaberd Karabagh'],
    ages: ['antique', 'vintage'], shapes: ['runner', 'rectangle'],
    knot: 'symmetric', kpsi: [50, 90], pile: [['wool']], foundation: [['wool']],
    palettes: [['red', 'navy', 'ivory'], ['red', 'pink', 'green']],
    designs: [
      'The so-called eagle or sunburst medallion of Chelaberd, in ivory on a madder ground.',
      'A long runner of linked medallions in alternating colours, with a reciprocal border.',
    ],
    notes: ['The Karabagh palette, with its pinks and cochineal reds, sets these rugs apart from the rest of the Caucasus.'],
    usdPerSqm: [700, 3500], collections: ['caucasian-tribal'],
  },
  {
    region: 'Tekke', country: 'Turkmenistan', style: 'centralAsian', names: ['Tekke Turkmen', 'Tekke', 'Ersari', 'Beshir'],
    ages: ['antique', 'vintage'], shapes: ['rectangle'],
    knot: 'asymmetric', kpsi: [150, 280], pile: [['wool']], foundation: [['wool'], ['goatHair', 'wool']],
    palettes: [['red', 'navy', 'ivory'], ['rust', 'navy', 'brown'], ['red', 'black', 'ivory']],
    designs: [
      'Rows of quartered major guls on a deep madder field, the minor guls in between drawn with great precision.',
      'A main carpet with rows of guls, the elem at each end with a pattern of small shrubs.',
    ],
    notes: ['Turkmen weavers of the Merv oasis knotted their finest work for tent furnishings and dowry pieces.', 'The palette of reds is obtained from madder alone, in half a dozen shades.'],
    usdPerSqm: [800, 4200], collections: ['tribal-nomadic'],
  },
  {
    region: 'Baluch', country: 'Afghanistan', style: 'centralAsian', names: ['Baluch', 'Baluch Prayer Rug', 'Timuri'],
    ages: ['antique', 'vintage'], shapes: ['rectangle'],
    knot: 'asymmetric', kpsi: [70, 120], pile: [['wool'], ['wool', 'camelHair']], foundation: [['wool'], ['goatHair', 'wool']],
    palettes: [['navy', 'red', 'brown', 'ivory'], ['brown', 'rust', 'navy'], ['purple', 'navy', 'red']],
    designs: [
      'A tree-of-life prayer rug with a camel-hair field, the branches in aubergine and midnight blue.',
      'A lattice of small hooked lozenges in the sombre, glowing palette of Baluch weaving.',
    ],
    notes: ['Small, dark and lustrous, Baluch rugs were woven by nomads along the Iran-Afghanistan frontier.'],
    usdPerSqm: [400, 1800], collections: ['tribal-nomadic'],
  },
  {
    region: 'Fars', country: 'Iran', style: 'persian', names: ['Qashqai', 'Khamseh', 'Luri'],
    ages: ['antique', 'vintage'], shapes: ['rectangle'],
    knot: 'symmetric', kpsi: [60, 130], pile: [['wool']], foundation: [['wool'], ['wool', 'goatHair']],
    palettes: [['red', 'navy', 'ivory', 'gold'], ['navy', 'red', 'green'], ['rust', 'ivory', 'blue']],
    designs: [
      'Three linked lozenge medallions on a madder field scattered with animals, flowers and small birds.',
      'A millefleurs field of tiny flowers and animals around a central diamond, the work of a confident nomad weaver.',
    ],
    notes: ['The Qashqai migrated each year between the highlands and the coast of Fars; their rugs travelled with them.', 'Side cords in alternating colours, as is typical of Qashqai work.'],
    usdPerSqm: [500, 2500], collections: ['tribal-nomadic'],
  },
  {
    region: 'Khotan', country: 'China', style: 'centralAsian', names: ['Khotan', 'Samarkand', 'Yarkand'],
    ages: ['antique', 'vintage'], shapes: ['rectangle', 'runner'],
    knot: 'asymmetric', kpsi: [30, 70], pile: [['wool'], ['silk']], foundation: [['cotton']],
    palettes: [['orange', 'blue', 'gold'], ['gold', 'blue', 'ivory'], ['pink', 'blue', 'orange']],
    designs: [
      'Three roundels on an apricot field, each holding a flowering rosette, the border of wave and rock pattern.',
      'A pomegranate tree rising from a vase, its fruit in coral and blue on a saffron ground.',
    ],
    notes: ['Woven in the oases of East Turkestan and sold in the West as Samarkands, after the market they passed through.'],
    usdPerSqm: [500, 2800], collections: ['tribal-nomadic'],
  },
  {
    region: 'Middle Atlas', country: 'Morocco', style: 'moroccan', names: ['Beni Ourain', 'Beni Ourain', 'Azilal', 'Boucherouite'],
    ages: ['vintage', 'vintage', 'modern'], shapes: ['rectangle', 'rectangle', 'runner'],
    knot: 'symmetric', kpsi: [8, 25], pile: [['wool'], ['wool'], ['cotton', 'wool']], foundation: [['wool'], ['cotton']],
    palettes: [['ivory', 'black'], ['ivory', 'brown', 'beige'], ['pink', 'orange', 'purple', 'ivory']],
    designs: [
      'A thick, undyed ivory pile with a loose lattice of dark brown lines, each lozenge slightly different from the last.',
      'Free, asymmetric drawing in madder, saffron and violet on a creamy ground: an Azilal of real personality.',
      'A field of broken lines and small symbols, woven without a cartoon and with evident pleasure.',
    ],
    notes: [
      'Made by Berber women for their own homes in the Atlas, where a deep pile is a blanket as much as a rug.',
      'The modernists were drawn to these weavings; they remain at home in any interior.',
    ],
    usdPerSqm: [300, 1200], collections: ['moroccan-berber'],
  },
  {
    region: 'Agra', country: 'India', style: 'indian', names: ['Agra', 'Amritsar', 'Lahore'],
    ages: ['antique', 'vintage', 'modern'], shapes: ['rectangle', 'rectangle', 'runner'],
    knot: 'asymmetric', kpsi: [60, 140], pile: [['wool']], foundation: [['cotton']],
    palettes: [['beige', 'blue', 'rust'], ['ivory', 'green', 'pink'], ['gold', 'navy', 'red']],
    designs: [
      'An all-over design of palmettes and lancet leaves on a sand-coloured field, after Mughal court carpets.',
      'A lattice of flowering plants drawn with botanical care, in the soft palette of late nineteenth-century Agra.',
    ],
    notes: ['The Agra jail workshops produced some of the largest and best-made carpets of the British Raj.', 'An exceptionally heavy weave, with thick cotton wefts.'],
    usdPerSqm: [400, 3000], collections: ['runners-gallery'],
  },
  {
    region: 'Tianjin', country: 'China', style: 'chinese', names: ['Art Deco Chinese', 'Nichols Art Deco', 'Peking'],
    ages: ['vintage', 'vintage', 'antique'], shapes: ['rectangle', 'round', 'oval'],
    knot: 'asymmetric', kpsi: [40, 80], pile: [['wool']], foundation: [['cotton']],
    palettes: [['purple', 'pink', 'teal', 'blue'], ['navy', 'gold', 'ivory'], ['teal', 'ivory', 'pink']],
    designs: [
      'Sprays of flowering branches in a corner and a butterfly in the field of an aubergine ground, in the sculpted pile of the Nichols workshop.',
      'A plain field with a single floral spray, the outlines carved into the pile for relief.',
    ],
    notes: ['Walter Nichols set up his Tianjin workshop in the 1920s for the American market; these rugs define the Art Deco Chinese style.'],
    usdPerSqm: [400, 1800], collections: ['mid-century-modern'],
  },
  {
    region: 'Aubusson', country: 'France', style: 'european', names: ['Aubusson', 'Aubusson', 'Savonnerie-style'],
    ages: ['antique', 'vintage'], shapes: ['rectangle', 'oval', 'square'],
    knot: 'flatweave', kpsi: null, pile: [['wool'], ['wool', 'silk']], foundation: [['cotton'], ['linen']],
    palettes: [['beige', 'pink', 'green', 'gold'], ['ivory', 'pink', 'brown'], ['gold', 'green', 'rust']],
    designs: [
      'A flatwoven tapestry carpet with a central wreath of roses, scrolling acanthus and a trellis border, in faded rose and straw.',
      'A Napoleon III design of a large floral medallion within a cartouche frame on a pale buff ground.',
    ],
    notes: ['The Aubusson manufactories supplied the French court and, later, the great houses of the Second Empire.', 'Lined and ready to hang, or to lie in a room with light traffic.'],
    usdPerSqm: [600, 3500], collections: ['mid-century-modern'],
  },
  {
    region: 'Scandinavia', country: 'Sweden', style: 'european', names: ['Swedish Rya', 'Swedish Flatweave', 'Scandinavian Rya'],
    ages: ['vintage'], shapes: ['rectangle', 'square'],
    knot: 'symmetric', kpsi: [4, 15], pile: [['wool']], foundation: [['linen'], ['wool']],
    palettes: [['orange', 'red', 'pink'], ['blue', 'teal', 'green'], ['gold', 'brown', 'orange']],
    designs: [
      'A long-piled rya in graduated bands of orange and pink, signed with the weaver\u2019s initials in the corner.',
      'A rollakan flatweave with a bold geometric pattern in blue and teal, signed by the designer.',
    ],
    notes: ['Mid-century Swedish textile design at its most joyful; such rugs were made in small numbers.'],
    usdPerSqm: [500, 1500], collections: ['mid-century-modern'],
  },
  {
    region: 'Kathmandu', country: 'Nepal', style: 'modern', names: ['Tibetan', 'Contemporary Himalayan', 'Modern Tibetan'],
    ages: ['modern'], shapes: ['rectangle', 'square', 'round', 'runner'],
    knot: 'tibetan', kpsi: [60, 150], pile: [['wool'], ['wool', 'silk']], foundation: [['cotton']],
    palettes: [['grey', 'blue', 'ivory'], ['beige', 'brown', 'ivory'], ['teal', 'navy', 'grey']],
    designs: [
      'An abstract composition of washes and broken lines in Himalayan wool with raised silk highlights.',
      'A contemporary reinterpretation of a classical field, faded and eroded by design.',
    ],
    notes: ['Hand-knotted in Kathmandu with hand-carded, hand-spun highland wool and vegetable dyes.', 'Made to order in other sizes in about sixteen weeks.'],
    usdPerSqm: [600, 1400], collections: ['mid-century-modern'],
  },
];
