/** The FAQ in display order: groups, then their questions. Answers are plain text. */
export const DEMO_FAQ: Array<{
  slug: string;
  title: string;
  items: Array<{ slug: string; question: string; answer: string }>;
}> = [
  {
    slug: 'bidding',
    title: 'Bidding',
    items: [
      {
        slug: 'how-does-proxy-bidding-work',
        question: 'How does bidding work?',
        answer:
          'Every bid is your maximum. We keep it private and bid for you only as much as needed to keep you in the lead, one increment above the next highest bidder. If two bidders enter the same maximum, the earlier bid wins.',
      },
      {
        slug: 'what-is-soft-close',
        question: 'Why did the lot end later than the time shown?',
        answer:
          'Our timed sales use soft close. If a bid is accepted in the last two minutes before a lot ends, the end moves to two minutes after that bid. The lot closes once two minutes pass without a new bid, so everyone has a fair chance to answer.',
      },
      {
        slug: 'can-i-withdraw-a-bid',
        question: 'Can I cancel or lower a bid?',
        answer:
          'No. Bids are binding: placing one is a commitment to buy if you win. If you made a genuine typing mistake, contact us straight away and our staff will review it; a bid can only be voided by staff.',
      },
      {
        slug: 'what-are-the-increments',
        question: 'How much must I bid?',
        answer:
          'At least the next minimum bid shown on the lot, in whole dollars. The increment depends on the current price: $10 below $200, $20 up to $500, $50 up to $1,000, $100 up to $2,000, $200 up to $5,000, $500 up to $10,000, and so on.',
      },
      {
        slug: 'what-is-a-reserve',
        question: 'What does "Reserve not met" mean?',
        answer:
          'The consignor has set a confidential minimum price. Until bidding reaches it, the lot will not sell. We never show the amount, and it is never above the low estimate.',
      },
    ],
  },
  {
    slug: 'buying-payment',
    title: 'Buying & Payment',
    items: [
      {
        slug: 'what-is-the-buyers-premium',
        question: "What is the buyer's premium?",
        answer:
          'A charge of 25% of the hammer price, added to your invoice when you win a lot at auction. Buy-now prices already include everything except shipping and any import taxes.',
      },
      {
        slug: 'when-must-i-pay',
        question: 'When do I have to pay?',
        answer:
          'Within 3 days of the end of the sale. We e-mail the invoice as soon as the lot closes and send reminders after 24 and 48 hours.',
      },
      {
        slug: 'how-can-i-pay',
        question: 'How can I pay?',
        answer:
          'By credit or debit card (Visa, Mastercard, American Express) or by PayPal, in the site currency shown on every lot.',
      },
      {
        slug: 'what-is-buy-it-now',
        question: 'What is Buy It Now?',
        answer:
          'Some rugs can be bought outright at a fixed price. While you complete checkout the rug is held for you for 15 minutes; the first buyer to pay gets it.',
      },
    ],
  },
  {
    slug: 'shipping-returns',
    title: 'Shipping & Returns',
    items: [
      {
        slug: 'do-you-ship-worldwide',
        question: 'Do you ship worldwide?',
        answer:
          'Yes. We ship rolled and wrapped rugs by insured, door-to-door courier to almost every country. You will see the shipping cost for your address at checkout before you pay.',
      },
      {
        slug: 'how-much-is-shipping',
        question: 'How much does shipping cost?',
        answer:
          'A flat insured rate per shipment by region: $95 within the United States, $245 to Europe and $345 to the rest of the world. Import duties and local taxes, where they apply, are paid by the buyer.',
      },
      {
        slug: 'how-long-does-delivery-take',
        question: 'How long does delivery take?',
        answer:
          'We hand your rug to the courier within two working days of payment. Delivery usually takes 2 to 4 working days in the United States and 5 to 10 elsewhere, plus customs clearance.',
      },
      {
        slug: 'can-i-return-a-rug',
        question: 'Can I return a rug?',
        answer:
          'If a rug is materially different from its description, tell us within 7 days of delivery and we will collect it and refund you in full, shipping included. Rugs bought at auction cannot otherwise be returned because you changed your mind.',
      },
    ],
  },
  {
    slug: 'condition-authenticity',
    title: 'Condition & Authenticity',
    items: [
      {
        slug: 'how-do-you-describe-condition',
        question: 'How do you describe condition?',
        answer:
          'Every lot has a written report by the specialist who examined it: pile height, repairs, ends and sides, stains, moth damage, odour and dye runs, with close-up photographs of every flaw we mention.',
      },
      {
        slug: 'what-do-age-classes-mean',
        question: 'What do antique, semi-antique and vintage mean?',
        answer:
          "Antique: over 100 years old. Semi-antique: 50 to 100 years. Vintage: 20 to 50 years. Contemporary: woven in the last 20 years. Dates are our specialists' opinion based on dyes, materials, structure and design.",
      },
      {
        slug: 'are-your-rugs-hand-knotted',
        question: 'Are all your rugs hand-knotted?',
        answer:
          'Every rug we sell is handmade. Almost all are hand-knotted; flat-woven kilims and soumaks are described as such. We never sell machine-made or hand-tufted rugs.',
      },
      {
        slug: 'authenticity-guarantee',
        question: 'What if a rug is not what you said it was?',
        answer:
          "If a rug proves to be materially misdescribed as to origin, age or material, you may return it within 30 days of delivery for a full refund of the hammer price and buyer's premium.",
      },
    ],
  },
  {
    slug: 'account',
    title: 'Account',
    items: [
      {
        slug: 'do-i-need-an-account',
        question: 'Do I need an account to bid?',
        answer:
          'You can browse without one. To bid, buy, watch lots and save addresses, sign up with your e-mail address or your Google account and verify your e-mail with the 4-digit code we send.',
      },
      {
        slug: 'i-forgot-my-password',
        question: 'I forgot my password. What do I do?',
        answer:
          'Choose "Forgot Password?" in the sign-in window and enter your e-mail. We send a 4-digit code you can use to choose a new password.',
      },
      {
        slug: 'how-do-i-follow-a-lot',
        question: 'How do I follow a lot without bidding?',
        answer:
          'Like it. Liked lots form your watchlist under My Items, and we notify you when a watched lot opens and 15 minutes before it ends.',
      },
    ],
  },
];
