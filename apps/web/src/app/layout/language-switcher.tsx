import { Suspense, useId, useState, type MouseEvent } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n.ts';
import { languageNames } from '@/lib/language.ts';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

const LanguageMenu = lazyMui(() => import('./language-menu.tsx'));

/**
 * The language menu (issue 9), in the header and the footer: each language is named in itself and marked with
 * its lang attribute, so a reader finds their own and a screen reader pronounces it right. In the header on
 * phones only the icon shows (the button keeps its name). A plain button (styles/buttons.css): it is in every
 * page's first paint (decision 067); its menu loads on the first press.
 */
export function LanguageSwitcher({
  placement,
  compact = false,
}: {
  placement: 'header' | 'footer';
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const active = currentLanguage();
  const close = () => setAnchor(null);
  // Mounted from the first opening on, so the menu can play its closing transition.
  const [mounted, setMounted] = useState(false);

  return (
    <>
      <button
        type="button"
        className={`kw-button kw-button--small${compact ? ' kw-header__compact' : ''}`}
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setMounted(true);
        }}
        aria-label={t('language.button', { language: languageNames[active] })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={`language-switcher-${placement}`}
        style={{ color: placement === 'footer' ? 'var(--kw-text-secondary)' : 'var(--kw-text)' }}
      >
        <PlainIcon name="translate" />
        {!compact && <span lang={active}>{languageNames[active]}</span>}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <LanguageMenu menuId={menuId} anchor={anchor} placement={placement} active={active} close={close} />
        </Suspense>
      )}
    </>
  );
}
