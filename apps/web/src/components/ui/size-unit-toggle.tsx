import { useTranslation } from 'react-i18next';
import { useSizeUnit, type SizeUnit } from '@/lib/units.ts';

const UNITS: SizeUnit[] = ['cm', 'ftIn'];

/**
 * Centimetres or feet and inches, for every size on the site (remembered in this browser). Plain pressed buttons
 * (styles/segmented-toggle.css) rather than MUI's ToggleButtonGroup: the listing shows it in its first paint
 * (docs/decisions/067-plain-listing-controls.md).
 */
export function SizeUnitToggle() {
  const { t } = useTranslation('catalogue');
  const { unit, setUnit } = useSizeUnit();
  return (
    <div role="group" aria-label={t('units.label')} className="kw-segmented">
      {UNITS.map((option) => (
        <button
          key={option}
          type="button"
          className="kw-segmented__option"
          aria-pressed={unit === option}
          onClick={() => setUnit(option)}
        >
          {t(`units.${option}`)}
        </button>
      ))}
    </div>
  );
}
