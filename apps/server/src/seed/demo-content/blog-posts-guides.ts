import type { DemoBlogPost } from './types.ts';

/** Buying guides: what a specialist would tell a new collector across the counter. */
export const GUIDE_POSTS: DemoBlogPost[] = [
  {
    slug: 'how-to-read-a-knot-count',
    title: 'How to read a knot count (and why it is not a price tag)',
    excerpt:
      'Knots per square inch is the number everyone asks about. Here is how we measure it, what it tells you about a rug, and what it does not.',
    author: 'Miriam Aslanian, Senior Specialist',
    tags: ['buying guide', 'construction', 'persian'],
    publishedAt: '2024-02-06T09:00:00Z',
    body: `Turn any hand-knotted rug over and you will see its construction laid bare: a grid of small bumps, each one a knot tied by hand around a pair of warp threads. Counting them is the oldest shorthand in our trade for how finely a rug is woven. It is useful, and it is also the most misunderstood number in a condition report.

## How we count

We lay a ruler along the back of the rug and count the knots along one inch (or ten centimetres) horizontally, then vertically. Multiply the two and you have the density: **knots per square inch (KPSI)**, or per square decimetre in European catalogues.

- Horizontal count: knots across one inch of the weft direction.
- Vertical count: rows of knots along one inch of the warp direction.
- Density: horizontal × vertical. A rug with 12 knots across and 14 down has 168 KPSI.

We always count in at least three places, because hand-knotted rugs are not uniform. A weaver's tension drifts over months of work, and a village rug may tighten noticeably towards the end as the loom was re-strung.

## What the number tells you

| Density (KPSI) | Typical of |
|---|---|
| 30 to 80 | Heriz, Serapi, Kazak, Gabbeh, most Moroccan pile |
| 80 to 150 | Most village and good workshop production |
| 150 to 300 | Fine city rugs: Kashan, Tabriz, Isfahan |
| 300 and above | Silk and collector pieces: Qum, Hereke, Nain |

A higher count allows a more detailed, curvilinear drawing: the tendrils and palmettes of a Kashan need density the way a photograph needs pixels. A lower count favours bold, geometric drawing and usually a thicker pile.

## What the number does not tell you

Knot count says nothing about **colour, drawing, age or condition**, and those are what make a rug valuable. A 60 KPSI Heriz from 1890 with saturated natural dyes will outsell a 400 KPSI modern silk many times over. Some of the most admired rugs ever woven, the Caucasian Kazaks and the great Anatolian village carpets, are coarse by the numbers.

Be wary of any seller who leads with the count. It is an honest measure of labour, not of beauty.

## Knot types

Our condition reports also note the knot type. The **symmetric** (Turkish or Ghiordes) knot wraps both warps and is typical of Anatolia, the Caucasus and many tribal weavings. The **asymmetric** (Persian or Senneh) knot wraps one warp and is open to one side, which suits finer curvilinear drawing. A *jufti* knot, tied over four warps instead of two, halves the labour and the durability; we always disclose it.

## In our catalogue

Every lot description gives the approximate density and knot type, measured by the specialist who wrote the report. If you want to see the back of a rug before you bid, ask: we will send close-up photographs within one working day.`,
  },
  {
    slug: 'antique-vs-vintage-age-classes',
    title: 'Antique, semi-antique, vintage: what the age classes mean',
    excerpt:
      'Every lot we sell carries an age class. This is exactly how we define them, how we date a rug, and how much certainty you should expect.',
    author: 'Daniel Reyes, Head of Sale',
    tags: ['buying guide', 'dating', 'antique'],
    publishedAt: '2024-03-19T09:00:00Z',
    body: `Age matters in rugs the way it matters in furniture: it affects rarity, materials, dyes and price. But the words people use are loose, and the trade has not always helped. Here is how Knotwork uses them, consistently, in every lot description since 2010.

## Our definitions

- **Antique**: woven more than 100 years ago. Today that means before about 1925.
- **Semi-antique**: woven 50 to 100 years ago.
- **Vintage**: woven 20 to 50 years ago.
- **Contemporary** (or modern): woven in the last 20 years.

These follow the customs convention that treats objects over a century old as antiques, which also matters if you import the rug: in many countries genuine antiques travel with lower duty.

## How we date a rug

Very few rugs carry a woven date, and a woven date is not always the date of weaving (they were sometimes copied from an older piece). We date by evidence, and the evidence usually agrees:

1. **Dyes.** Synthetic dyes reached weaving areas from the 1870s. Early synthetics fade in characteristic ways (a mauve that goes grey, an orange that bleeds). A rug with only natural dyes is not automatically old, but a rug with chrome dyes is not antique.
2. **Materials and spinning.** Hand-spun wool has an irregular thickness you can see in the pile and feel on the back; machine-spun yarn arrived in most regions in the twentieth century.
3. **Structure.** Warp and weft materials, the number of wefts between rows, the finish of the sides and ends: each weaving group changed over time, and these details are well documented.
4. **Design.** Borders and field motifs evolve. Certain drawings belong to certain decades.
5. **Wear and repair.** Wear patterns are hard to fake convincingly, and old repairs use old materials.

## How certain is a date?

Dating is an expert opinion, not a certificate. We write "circa 1900" when the evidence points to the decades around 1900, and "late 19th century" when it points to a wider window. When specialists disagree, we say so in the description.

If a rug proves to be materially misdescribed as to age, our terms give you a remedy (see the Terms and Conditions, section on authenticity): you may return it within 30 days of delivery for a full refund of the hammer price and buyer's premium.`,
  },
  {
    slug: 'caring-for-a-hand-knotted-rug',
    title: 'Caring for a hand-knotted rug: a practical guide',
    excerpt:
      'Vacuum the right way, rotate twice a year, keep moths out and never let a spill soak. Simple habits that keep a rug for another hundred years.',
    author: 'Hannah Okafor, Conservation',
    tags: ['care', 'conservation'],
    publishedAt: '2024-05-14T09:00:00Z',
    body: `A well-made wool rug is one of the most durable things in a house. Many of the rugs we sell have already survived a century of use. What shortens their life is rarely foot traffic: it is moths, water and the wrong cleaning. A few habits prevent almost all of it.

## Everyday care

- **Vacuum weekly, with the pile.** Use suction only, or switch off the beater bar: a rotating brush pulls at knots and frays fringes. Run the nozzle in the direction the pile lies (stroke the rug; the smooth direction is "with the pile").
- **Never vacuum the fringes.** They are the ends of the warp, the rug's skeleton. Lift them aside.
- **Rotate the rug every six months** so sun and traffic wear evenly.
- **Use a good underlay.** It stops slipping, absorbs the impact of feet and furniture, and lets air circulate.

## Spills

Act quickly and gently. Blot (never rub) with a clean white cloth, working from the outside of the spill inwards. For water-based spills, blot with cool water and dry the area thoroughly, raising the rug and using a fan if needed. Do not use household carpet cleaners, which can strip natural dyes and leave residue. For red wine, ink or pet accidents on a valuable rug, call a specialist cleaner the same day.

## Moths

Clothes moth larvae eat wool, and they love undisturbed, dark places: under sofas and beds, and rugs in storage. Look for bare patches with fine silky webbing or gritty casings. Vacuum under furniture regularly, expose rugs to light, and inspect rugs in storage every few months. If you find activity, isolate the rug and have it professionally treated; freezing works for small pieces.

## Storage

Clean the rug first. Roll it (never fold) pile inwards, around a tube, and wrap it in breathable cotton or Tyvek, not plastic, which traps moisture. Store it flat, off the floor, somewhere cool and dry.

## Professional washing

A rug in a normal home needs a full wash every three to five years. Hand-knotted rugs should be washed by hand, by a cleaner who tests every colour for bleeding first and dries the rug flat and fast. We are always happy to recommend washers and restorers we trust near you.`,
  },
  {
    slug: 'natural-dyes-and-abrash',
    title: 'Natural dyes and abrash: reading colour in an old rug',
    excerpt:
      'Madder, indigo, weld and walnut husk. Why natural colour glows, what abrash is, and how to tell an honest colour change from a fault.',
    author: 'Miriam Aslanian, Senior Specialist',
    tags: ['dyes', 'antique', 'condition'],
    publishedAt: '2024-08-27T09:00:00Z',
    body: `Ask a collector what makes an old rug beautiful and, before drawing or age, most will say colour. Natural dyes give a depth and variation that early synthetic dyes could not match, and they age differently: they soften and mellow rather than fade to grey.

## The classic palette

- **Red** from the roots of the madder plant, ranging from salmon and coral to brick and aubergine depending on mordant and the number of dye baths. Insect reds, lac and cochineal, give crimson and raspberry shades in city and court rugs.
- **Blue** from indigo, from the palest sky to near black, built up with repeated dips.
- **Yellow** from weld, saffron, pomegranate rind or local plants. Yellow is the least light-fast natural dye, which is why greens (indigo over yellow) often drift towards blue in old rugs.
- **Brown and black** from walnut husks, oak galls and iron. Iron mordants corrode wool over time, which is why old rugs often show dark brown areas worn lower than the rest: this "corrosion" is a sign of age, not damage in itself.

## Abrash

Abrash is the visible change of shade within one colour, usually as horizontal bands across the rug. It happens when a weaver runs out of a batch of dyed wool and continues with another batch, dyed on a different day, in a different pot, perhaps from a different harvest of roots.

In village and tribal rugs abrash is natural and often prized: it gives the field movement and life. It is one of the clearest signs of hand-spun, small-batch dyed wool. Some modern workshops imitate it deliberately, which is not a fault either, but it is not the same thing.

## Colour problems we do report

- **Running or bleeding**: a dye that has migrated into neighbouring white or ivory areas, usually after bad washing.
- **Painting**: worn areas touched up with ink or dye to hide wear. We examine every rug for it under raking light and report it.
- **Chemical washing**: a bleach wash used last century to make bright rugs look old and soft. It leaves the wool dry and brittle.

Every condition report we publish says whether the dyes are natural, synthetic or mixed, and notes any of the problems above. If the photographs leave you unsure, ask for a video call with the specialist: we will turn the rug over and show you.`,
  },
];
