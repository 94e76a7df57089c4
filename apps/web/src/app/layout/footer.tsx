import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { quickLinks, socialLinks } from '@/config/navigation.ts';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { FooterCategories } from './footer-categories.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { CurrencyPicker } from '@/components/currency/currency-picker.tsx';
import { ThemeCustomizer } from './theme-customizer.tsx';
import { arrowForwardPath, socialIconPaths } from './social-icons.ts';

function ColumnTitle({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="kw-footer__title">
      {children}
    </h2>
  );
}

/**
 * The footer (SPEC.md 1, 2): brand, social links, Quick Links, categories, styling assistance, copyright. Plain
 * elements styled by styles/footer.css: it is on every page, and a phone hydrates it on each (issue 9).
 */
export function Footer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <footer className="kw-footer">
      <div className="kw-footer__container kw-footer__columns">
        <div>
          <RouterLink to={paths.home.href()} aria-label={t('nav.homeLink')} className="kw-footer__home">
            <Logo height={28} />
          </RouterLink>
          <p className="kw-footer__text kw-footer__blurb">{t('footer.blurb')}</p>
          <ul aria-label={t('footer.socialLabel')} className="kw-footer__social">
            {socialLinks.map((s) => (
              <li key={s.network}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t(s.label)}
                  className="kw-footer__social-link"
                >
                  <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                    <path d={socialIconPaths[s.network]} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <ColumnTitle id="footer-quick-links">{t('footer.quickLinks')}</ColumnTitle>
          <ul className="kw-footer__links">
            {quickLinks.map((l) => (
              <li key={l.to}>
                {pathname === l.to ? (
                  // The current page: greyed out and not a working link (SPEC.md 2).
                  <a role="link" aria-disabled="true" aria-current="page" className="kw-footer__link">
                    {t(l.label)}
                  </a>
                ) : (
                  <RouterLink to={l.to} className="kw-footer__link">
                    {t(l.label)}
                  </RouterLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-categories">
          <ColumnTitle id="footer-categories">{t('footer.categories')}</ColumnTitle>
          <FooterCategories />
        </nav>

        <section aria-labelledby="footer-styling">
          <ColumnTitle id="footer-styling">{t('footer.styling.title')}</ColumnTitle>
          <p className="kw-footer__text">{t('footer.styling.body')}</p>
          <RouterLink to={paths.contactUs.href()} className="kw-footer__cta">
            {t('footer.styling.cta')}
            <svg viewBox="0 0 24 24" aria-hidden focusable="false">
              <path d={arrowForwardPath} />
            </svg>
          </RouterLink>
        </section>
      </div>
      <div className="kw-footer__bar">
        <div className="kw-footer__container kw-footer__bar-inner">
          <div className="kw-footer__bar-start">
            <p className="kw-footer__text">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
            <LanguageSwitcher placement="footer" />
            <CurrencyPicker placement="footer" />
            <ThemeCustomizer />
          </div>
          <p className="kw-footer__text">{t('footer.tagline')}</p>
        </div>
      </div>
    </footer>
  );
}
