import type { DemoBlogPost } from './types.ts';

/** How our sales work: the rules of AUCTION-RULES.md in a specialist's words. */
export const AUCTION_POSTS: DemoBlogPost[] = [
  {
    slug: 'understanding-proxy-bidding-and-soft-close',
    title: 'Understanding proxy bidding and soft close',
    excerpt:
      'Bid your true maximum once and let the system bid for you, one increment at a time. And why our lots do not end while someone is still bidding.',
    author: 'Daniel Reyes, Head of Sale',
    tags: ['bidding', 'how it works'],
    publishedAt: '2024-10-08T09:00:00Z',
    body: `Two features of our timed sales surprise new bidders: every bid is a **maximum**, and lots do not end at a fixed second if someone is still bidding. Both exist so that the highest bidder wins at a fair price, without having to sit at a screen at the end of the sale.

## Every bid is a maximum

When you place a bid, you tell us the most you are willing to pay for the lot (before buyer's premium). We keep that maximum private and bid on your behalf only as much as is needed to keep you in the lead.

An example, with an opening bid of $100:

1. Anna bids $500. She leads at **$100**: nobody is competing yet, so she pays no more than the opening bid.
2. Ben bids $300. Anna's proxy answers automatically and she leads at **$320** (Ben's $300 plus one $20 increment).
3. Ben bids $600. Now Ben's maximum is higher: he leads at **$550** (Anna's $500 plus one $50 increment).

If two bidders enter the same maximum, the earlier bid wins. Nobody but you ever sees your maximum, and the bid history shows bidders as "Bidder 1", "Bidder 2", never by name.

## Increments

The step between bids depends on the current price: $10 below $200, $20 to $500, $50 to $1,000, $100 to $2,000, $200 to $5,000, $500 to $10,000 and so on up the table shown on every lot page. Your bid must be a whole number of dollars and at least the "next minimum bid" shown.

## Reserves

Some lots carry a confidential reserve, the minimum the consignor will accept. The lot page shows whether the reserve has been met, never its amount. If your maximum meets the reserve, the price moves straight up to the reserve.

## Soft close

Each lot has its own end time, staggered a minute apart so you can follow several lots in one sale. If a bid is accepted in the **last two minutes** before a lot ends, its end moves to two minutes after that bid. The lot closes only when two minutes pass without a new bid.

This removes the advantage of "sniping", a last-second bid that leaves no time to answer. The lot goes to whoever is prepared to pay the most, not to whoever has the fastest connection.

## The server's clock rules

A bid counts when our server accepts it, before the lot's end as it stands at that moment. Countdown timers on the site are synchronised to our server's time, but a slow connection can still lose a few seconds: if a lot matters to you, place your maximum early and let the proxy do the work.

## Bids are binding

A bid is a commitment to buy at the hammer price plus the buyer's premium if you win. You cannot withdraw a bid; if you made a genuine mistake, contact us immediately and our staff will review it.`,
  },
  {
    slug: 'estimates-reserves-and-buyers-premium',
    title: "Buying at auction: estimates, reserves and the buyer's premium",
    excerpt:
      'What the estimate means, why a reserve is confidential, and how to work out what you will actually pay, premium, shipping and tax included.',
    author: 'Sofia Lindqvist, Client Services',
    tags: ['buying guide', 'bidding', 'payment'],
    publishedAt: '2025-01-21T09:00:00Z',
    body: `The number you bid is not quite the number you pay. None of the extras are hidden, but it helps to know them before you bid so that your maximum reflects your real budget.

## The estimate

Every lot carries a low and high estimate, for example **$2,000 to $3,000**. It is our specialists' opinion of the likely hammer price, based on comparable sales, condition and current demand. It is not a valuation and not a promise: lots regularly sell below, within and well above their estimates. Estimates do not include the buyer's premium.

## The reserve

A reserve is the confidential minimum below which the consignor will not sell. It can never be above the low estimate. The lot page shows "Reserve met" or "Reserve not met" but never the amount. If bidding ends below the reserve, the lot is unsold. Lots without a reserve show no indicator at all.

## The opening bid

Bidding starts at the opening bid, which is usually well below the low estimate. A maximum that reaches the reserve takes the price straight to the reserve.

## The buyer's premium

On top of the hammer price you pay a **buyer's premium of 25%** of the hammer price. It is the house's commission from the buyer and covers cataloguing, photography, specialist condition reports, and guaranteeing the lot's description.

Buy-now prices are all-in: no premium is added to them.

## Shipping and tax

Shipping is quoted per shipment when you choose your delivery address at checkout: a flat, insured, door-to-door courier rate for your region. Import duties and local taxes depend on your country and are the buyer's responsibility; antiques over 100 years old often travel at reduced duty.

## A worked example

You win a Heriz carpet at a hammer price of **$4,000**.

| | Amount |
|---|---|
| Hammer price | $4,000 |
| Buyer's premium (25%) | $1,000 |
| Shipping (domestic) | $95 |
| **Total** | **$5,095** |

So if your budget is $5,000 all-in, your maximum bid should be about $3,900.

## Paying

Payment is due **within 3 days** of the end of the sale, by card or PayPal. We send reminders at 24 and 48 hours. Once payment clears, we hand the rug to the courier within two working days.`,
  },
  {
    slug: 'buying-a-rug-you-have-only-seen-online',
    title: 'Buying a rug you have only seen online',
    excerpt:
      'Photographs, condition reports, measurements and video calls: how to bid with confidence on a rug you have never touched.',
    author: 'Hannah Okafor, Conservation',
    tags: ['buying guide', 'condition'],
    publishedAt: '2025-04-15T09:00:00Z',
    body: `Since 2010 almost all of our clients have bought rugs they never saw in person before delivery. It works because a rug can be described precisely, and because we take the description seriously. Here is how to use what we publish.

## Read the condition report first

Every lot has a written condition report by the specialist who examined it. It covers pile height (full, good, low, worn to the knots), any repairs or reweaves, the state of the ends and sides, stains, moth damage, odour, and whether the dyes have run. We would rather lose a sale than have a rug come back.

## Look at every photograph

We photograph each rug in daylight-balanced light: the whole face, the back, the corners, details of the drawing and close-ups of every flaw mentioned in the report. Colours on a screen vary; the back photograph, taken under the same light, is the best guide to the true colour of the wool.

## Check the size against your room

Sizes are measured flat, excluding fringes, and given in feet and centimetres. Old rugs are rarely perfectly rectangular: we note it when the sides differ by more than 2%. Mark the outline on your floor with tape before you bid.

## Ask

Every lot page has a link to ask a question. We answer within one working day, and for important lots a specialist will hold a video call and show you the rug, front and back, in natural light.

## If it is not as described

If a rug arrives materially different from its description, tell us within 7 days of delivery. We arrange the return and refund the hammer price, the premium and the shipping. Our terms set this out in full.`,
  },
  {
    slug: 'heriz-serapi-and-the-northwest-persian-village-carpet',
    title: 'Heriz and Serapi: the village carpets of northwest Persia',
    excerpt:
      'Bold medallions, geometric drawing and a near-indestructible build. Why the village carpets of the Heriz district are among the most sought after in any sale.',
    author: 'Miriam Aslanian, Senior Specialist',
    tags: ['persian', 'antique', 'history'],
    publishedAt: '2025-07-08T09:00:00Z',
    body: `In the mountains east of Tabriz, a cluster of villages around Heriz has woven carpets for the Western market since the middle of the nineteenth century. They remain among the most popular rugs in any sale we hold, and for good reason.

## What they look like

A Heriz carpet is instantly recognisable: a large angular medallion on a brick-red or ivory field, with spandrels in the corners and a bold, geometric main border. The drawing translates the curving designs of the Tabriz city workshops into straight lines, the way a weaver working from memory would, at a coarse knot count of 30 to 80 per square inch.

## Serapi, Heriz, Gorevan, Bakshaish

The trade uses these names loosely, and mostly as grades rather than places:

- **Serapi** is used for the finest and earliest pieces, usually before 1900, with spacious drawing, a pale field and soft, luminous colours.
- **Heriz** is the general name, from the late nineteenth century onwards.
- **Gorevan** describes a later, more densely drawn and darker type.
- **Bakshaish**, a real village, wove some of the most archaic and free designs of the district.

## Why they last

Heriz weavers used thick cotton warps, heavy wefts and hard-wearing local wool with a high lanolin content. The result is a stiff, heavy carpet that takes decades of traffic. Many of the room-size carpets we sell were in daily use for a century before they came to us.

## What to look for

Colour first: a clear madder red, a range of blues and a soft apricot or copper tone are signs of good natural dyes. Then proportion: earlier carpets give the medallion room to breathe. Check the condition report for low pile in the middle (normal), for repaired ends, and for painted wear. A Heriz with honest, even wear is a better buy than a restored one that looks new.`,
  },
];
