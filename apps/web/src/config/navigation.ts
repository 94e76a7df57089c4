import { paths } from './paths.ts';

/** The main menu (SPEC.md 2), in order. Labels are `common` translation keys. */
export const mainMenu = [
  { key: 'home', label: 'nav.home', to: paths.home.href(), end: true },
  { key: 'collections', label: 'nav.collections', to: paths.collections.href(), end: false },
  { key: 'upcomingAuctions', label: 'nav.upcomingAuctions', to: paths.upcomingAuctions.href(), end: false },
  { key: 'aboutUs', label: 'nav.aboutUs', to: paths.aboutUs.href(), end: true },
  { key: 'contactUs', label: 'nav.contactUs', to: paths.contactUs.href(), end: true },
] as const;

export type MainMenuKey = (typeof mainMenu)[number]['key'];

/** The footer's Quick Links (SPEC.md 2). */
export const quickLinks = [
  { label: 'footer.links.aboutUs', to: paths.aboutUs.href() },
  { label: 'footer.links.upcomingAuctions', to: paths.upcomingAuctions.href() },
  { label: 'footer.links.realisedPrices', to: paths.realisedPrices.href() },
  { label: 'footer.links.blog', to: paths.blog.href() },
  { label: 'footer.links.faq', to: paths.faq.href() },
  { label: 'footer.links.contactUs', to: paths.contactUs.href() },
  { label: 'footer.links.privacyPolicy', to: paths.privacyPolicy.href() },
  { label: 'footer.links.terms', to: paths.terms.href() },
] as const;

/** The house's social accounts; the footer opens them in a new tab. */
export const socialLinks = [
  { network: 'instagram', label: 'footer.social.instagram', href: 'https://www.instagram.com/knotworkrugs' },
  { network: 'facebook', label: 'footer.social.facebook', href: 'https://www.facebook.com/knotworkrugs' },
  { network: 'pinterest', label: 'footer.social.pinterest', href: 'https://www.pinterest.com/knotworkrugs' },
  {
    network: 'linkedin',
    label: 'footer.social.linkedin',
    href: 'https://www.linkedin.com/company/knotworkrugs',
  },
  { network: 'youtube', label: 'footer.social.youtube', href: 'https://www.youtube.com/@knotworkrugs' },
] as const;
