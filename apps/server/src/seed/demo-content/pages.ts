/** The legal pages, in Markdown. Their rules match AUCTION-RULES.md; staff edit them in the database. */
export const DEMO_PAGES: Array<{
  slug: 'privacy-policy' | 'terms';
  title: string;
  updatedAt: string;
  body: string;
}> = [
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    updatedAt: '2025-01-06T09:00:00Z',
    body: `Knotwork ("we", "us") has sold fine rugs online since 2010. This policy explains what personal data we collect when you use our website, why, how long we keep it and what rights you have. We keep it as short as we honestly can.

## Who is responsible

Knotwork is the controller of the personal data described here. You can reach us about anything in this policy through the Contact Us page.

## What we collect

- **Account data**: your first and last name, e-mail address, a password (stored only as a one-way hash) or, if you sign in with Google, the identifier Google gives us for your account. Optionally a profile picture.
- **Addresses**: the delivery addresses and phone numbers you save, so that we can quote shipping and deliver what you buy.
- **Bidding and purchase records**: your bids (including the maximums you set), the lots you like or win, your orders and invoices. Payment card details are handled by our payment providers (Stripe, PayPal); we keep only the card brand and last four digits.
- **Messages**: what you send through the contact form, and the e-mail address you give us to be notified of new auctions.
- **Technical data**: your IP address and browser details in our security logs, and, if you allow push notifications, the push subscription your browser gives us.

We do not collect more than we need, we do not buy data about you, and we do not use advertising trackers.

## Why we use it

- To run your account and let you bid, buy and pay (performance of our contract with you).
- To send you the messages the service needs: verification codes, outbid and lot-ending notices, invoices and payment reminders (contract).
- To keep the site secure and prevent fraud and shill bidding, for example by rate-limiting sign-in attempts (our legitimate interest).
- To keep the accounting records the law requires (legal obligation).
- To e-mail you about new auctions, only if you asked us to (consent, which you can withdraw at any time).

## Who sees it

Other bidders never see your name: bid histories show stable pseudonyms such as "Bidder 3". We share data only with the providers who help us run the service (hosting, e-mail delivery, payment processing, couriers for delivery) under contracts that bind them to use it only for us, and with authorities where the law requires it. We never sell personal data.

## How long we keep it

Account data for as long as your account is open. Bidding, order and invoice records for seven years after the sale, as tax law requires. Security logs for 90 days. Contact messages for two years. Notify-me sign-ups until you unsubscribe.

## Your rights

You may ask for a copy of your data, have it corrected, deleted or restricted, object to its use, and receive it in a portable format. Where we rely on consent you may withdraw it at any time. You may also complain to your data protection authority. We answer every request within one month.

## Cookies and local storage

We use only what the site needs to work: your sign-in session and your display preferences (language, light or dark mode) are kept in your browser's local storage. We use no advertising or cross-site tracking cookies.

## Security

Passwords are hashed with Argon2, connections are encrypted, and access to personal data inside the company is limited to the staff who need it.

## Changes

If we change this policy in a way that matters, we will tell you by e-mail or on the site before the change takes effect. The date at the top shows the latest version.`,
  },
  {
    slug: 'terms',
    title: 'Terms and Conditions of Sale',
    updatedAt: '2025-01-06T09:00:00Z',
    body: `These terms govern every purchase from Knotwork, whether at auction or at a fixed price. By registering to bid or placing an order you accept them. Please read them carefully: bids are binding.

## 1. Definitions

- **Lot**: one rug offered in one auction.
- **Hammer price**: the price at which a lot is sold when bidding closes.
- **Buyer's premium**: the charge added to the hammer price (section 5).
- **Reserve**: the confidential minimum price agreed with the consignor, never above the low estimate.
- **Estimate**: our specialists' opinion of the likely hammer price; not a valuation or a guarantee.

## 2. Registration

You must be at least 18 years old, give accurate details and verify your e-mail address before bidding. You are responsible for everything done with your account; keep your password private. We may refuse or suspend registration at our discretion, in particular where we suspect fraud or shill bidding.

## 3. Bidding

3.1 Every bid is a maximum bid. Our system bids on your behalf only as much as necessary to keep you in the lead, by the increment that applies to the current price. If two maximums are equal, the earlier bid has priority.

3.2 A bid must be a whole number of currency units and at least the next minimum bid shown on the lot.

3.3 **Bids are binding.** A bid is an irrevocable offer to buy the lot at the hammer price plus the buyer's premium. It cannot be withdrawn. Staff may void a bid placed in obvious error, in which case the lot is recalculated from the remaining bids in their original order.

3.4 A bid is valid only when our server has accepted it before the lot's end time as it stands at that moment. The server's clock is authoritative. We are not responsible for bids that fail to reach us because of connection problems.

3.5 **Soft close.** If a bid is accepted in the last two minutes before a lot ends, the lot's end moves to two minutes after the time of that bid. The lot closes when two minutes pass without a new bid.

3.6 When bidding closes the lot is sold to the highest bidder, provided any reserve has been met. The contract of sale is formed at that moment, between you and the consignor, with Knotwork acting as agent.

## 4. Buy It Now

Where a lot shows a buy-now price and no bid has been placed (or, for a lot with a reserve, the reserve has not yet been met), you may buy it outright at that price, which closes the lot. Fixed-price rugs are sold to the first buyer who completes payment; the rug is held for you for 15 minutes while you pay. Buy-now prices include the buyer's premium.

## 5. Buyer's premium, taxes and shipping

5.1 A **buyer's premium of 25% of the hammer price** is payable on every lot bought at auction.

5.2 Shipping is charged at the rate shown at checkout for your delivery address. Import duties, customs charges and local taxes are payable by the buyer unless stated otherwise.

## 6. Payment

6.1 **Payment is due within 3 days** of the close of the lot, by card or PayPal, in the site currency. We send reminders after 24 and 48 hours.

6.2 If you do not pay in time we may cancel the sale, offer the lot to the underbidder or re-offer it, suspend your account, and recover from you any loss we or the consignor suffer.

6.3 Ownership passes to you when we have received full payment.

## 7. Delivery and risk

We dispatch within two working days of payment by insured courier. Risk passes to you on delivery. Please inspect the rug on arrival and report any transit damage within 48 hours.

## 8. Condition

Rugs are old, handmade objects and most show wear consistent with age and use. Our condition reports describe what a specialist saw on examination and are given honestly and carefully; photographs are part of the description. If a rug arrives materially different from its description, tell us within 7 days of delivery and we will take it back and refund everything you paid, shipping included.

## 9. Authenticity guarantee

If within 30 days of delivery you show that a lot was materially misdescribed as to origin, age or principal material, we will cancel the sale and refund the hammer price and buyer's premium, provided the rug is returned in the condition in which it was delivered.

## 10. Liability

Nothing in these terms limits liability that cannot be limited by law. Otherwise our liability for any lot is limited to the total price you paid for it.

## 11. Your statutory rights

If you buy as a consumer, mandatory consumer protection law in your country still applies. Note that in many countries the right to withdraw from a distance contract does not apply to purchases at public auction.

## 12. Changes and law

We may update these terms; the version in force when you place a bid applies to that lot. These terms are governed by the laws of the State of New York, without prejudice to any mandatory protection of the law of your country of residence.`,
  },
];
