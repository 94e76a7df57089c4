import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { Logo } from '@/components/ui/logo.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { useSettings } from '@/lib/settings.ts';
import { useScrolledPast } from '@/lib/use-scrolled-past.ts';
import { HeaderActions } from './header-actions.tsx';
import { HeaderSearch } from './header-search.tsx';
import { HorizontalNav } from './horizontal-nav.tsx';

/**
 * The sticky header, 90px (SPEC.md 9): logo, bell, Login/Sign Up or the avatar. In the horizontal layout the
 * menu row sits beneath it; in the vertical layout a menu button opens the drawer (phones) or the side rail
 * carries the logo and menu (wide screens). Plain elements (styles/header.css, decision 067): every page's
 * first paint shows it.
 */
export function Header({
  mode,
  onOpenNav,
  showLogo,
}: {
  mode: 'horizontal' | 'vertical-drawer' | 'vertical-rail';
  onOpenNav: () => void;
  showLogo: boolean;
}) {
  const { t } = useTranslation();
  const { navHidden } = useSettings();
  const scrolled = useScrolledPast(8);

  return (
    <header className="kw-header" data-scrolled={scrolled}>
      <div className="kw-page-container kw-header__bar">
        {mode === 'vertical-drawer' && (
          <button
            type="button"
            className="kw-icon-button kw-header__menu"
            onClick={onOpenNav}
            aria-label={t('nav.openMenu')}
          >
            <PlainIcon name="menu" />
          </button>
        )}
        {showLogo && (
          <RouterLink to={paths.home.href()} aria-label={t('nav.homeLink')} className="kw-header__home">
            <Logo height={mode === 'vertical-drawer' ? 24 : 32} />
          </RouterLink>
        )}
        <div className="kw-header__spacer" />
        <HeaderSearch />
        <HeaderActions showAuthButtons={mode !== 'vertical-drawer'} />
      </div>
      {mode === 'horizontal' && !navHidden && <HorizontalNav />}
    </header>
  );
}
