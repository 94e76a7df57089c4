/** Testimonials and open positions for the About Us page, in display order. */
export const DEMO_TESTIMONIALS = [
  {
    slug: 'claire-m-london',
    name: 'Claire M.',
    location: 'London, United Kingdom',
    quote:
      'The condition report mentioned a small reweave I would never have spotted, with a close-up photograph. The Heriz arrived exactly as described, rolled, wrapped and insured. That honesty is why I keep coming back.',
    rating: 5,
  },
  {
    slug: 'james-t-chicago',
    name: 'James T.',
    location: 'Chicago, Illinois',
    quote:
      'I was nervous about bidding online for a room-size carpet. Miriam held a video call, turned the rug over and talked me through the dyes. I won it below the low estimate.',
    rating: 5,
  },
  {
    slug: 'akiko-s-kyoto',
    name: 'Akiko S.',
    location: 'Kyoto, Japan',
    quote:
      'Shipping to Japan took eight days including customs, and the shipping cost was exactly what checkout said. The Kazak is the best thing in our house.',
    rating: 5,
  },
  {
    slug: 'marco-b-milan',
    name: 'Marco B.',
    location: 'Milan, Italy',
    quote:
      'Soft close means you are never sniped at the last second. I lost a lot fair and square and won the next one. Clear rules, fair auctions.',
    rating: 4,
  },
  {
    slug: 'rebecca-l-austin',
    name: 'Rebecca L.',
    location: 'Austin, Texas',
    quote:
      'We bought two Oushak runners for our stairs. Client services helped us measure, and the pair matched beautifully. Ten years later they still look wonderful.',
    rating: 5,
  },
  {
    slug: 'thomas-h-munich',
    name: 'Thomas H.',
    location: 'Munich, Germany',
    quote:
      'As a collector of Turkmen weavings I appreciate catalogue notes that get the structure right. Knotwork is one of the few online houses whose attributions I trust.',
    rating: 5,
  },
];

export const DEMO_CAREERS = [
  {
    slug: 'rug-specialist-cataloguer',
    title: 'Rug Specialist and Cataloguer',
    location: 'New York, NY (on site)',
    employmentType: 'Full-time' as const,
    description:
      "Examine, date and catalogue antique and vintage rugs for our weekly timed sales: write condition reports, set estimates with the head of sale and answer collectors' questions, including by video call.\n\nYou have at least three years' experience in a rug gallery, auction house or restoration studio, know the major weaving groups by structure as well as design, and write clearly and honestly.",
  },
  {
    slug: 'rug-photographer',
    title: 'Rug Photographer',
    location: 'New York, NY (on site)',
    employmentType: 'Part-time' as const,
    description:
      'Photograph around forty rugs a week in our daylight studio: full views, backs, details and every flaw named in the condition report, with consistent colour from shoot to shoot.\n\nExperience with product or art photography and colour management is essential; a strong back helps, as room-size carpets are heavy.',
  },
  {
    slug: 'client-services-associate',
    title: 'Client Services Associate',
    location: 'Remote (US or EU time zones)',
    employmentType: 'Full-time' as const,
    description:
      "Be the first voice of the house for bidders and consignors: answer questions about lots, bidding and payment, arrange shipping and returns, and follow each order until the rug is on the client's floor.\n\nYou are calm, precise and kind in writing. Fluency in English is required; French, German, Italian or Japanese is a plus.",
  },
  {
    slug: 'conservation-intern',
    title: 'Conservation Intern',
    location: 'New York, NY (on site)',
    employmentType: 'Internship' as const,
    description:
      'A six-month paid internship in our conservation workshop: washing, stabilising ends and sides, moth treatment and documenting repairs, under the guidance of our conservator.\n\nSuited to a textile conservation student or graduate.',
  },
];
