import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';

/**
 * The theme customizer exists but is disabled (SPEC.md 2): its toggle is a disabled button explaining so,
 * and it has no panel yet: a drawer that never opens rendered nothing but brought MUI's Drawer and Modal into every
 * page's first download (issue 9); when the customizer is enabled, its panel should load lazily on the first click.
 * The settings it would edit live in lib/settings.ts. It sits in the footer's bottom bar beside the language and
 * currency buttons: fixed to a corner of the screen, it covered the listing's filters (issue 24). Plain elements
 * (styles/buttons.css, decision 067).
 */
export function ThemeCustomizer() {
  const { t } = useTranslation();
  return (
    <>
      <LazyTooltip title={t('customizer.disabled')} placement="top">
        {/* A disabled button fires no events; the span lets the tooltip still explain why. */}
        <span className="kw-customizer">
          <button
            type="button"
            className="kw-icon-button kw-customizer__button"
            disabled
            aria-label={t('customizer.open')}
            data-testid="theme-customizer-toggle"
          >
            <PlainIcon name="tune" />
          </button>
        </span>
      </LazyTooltip>
    </>
  );
}
