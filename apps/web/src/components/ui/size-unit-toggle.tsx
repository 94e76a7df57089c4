import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useSizeUnit, type SizeUnit } from '@/lib/units.ts';

/** Centimetres or feet and inches, for every size on the site (remembered in this browser). */
export function SizeUnitToggle() {
  const { t } = useTranslation('catalogue');
  const { unit, setUnit } = useSizeUnit();
  return (
    <ToggleButtonGroup
      value={unit}
      exclusive
      size="small"
      aria-label={t('units.label')}
      onChange={(_, next: SizeUnit | null) => next && setUnit(next)}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 52,
        '& .MuiToggleButton-root': {
          border: 1,
          borderColor: 'divider',
          px: 3.5,
          py: 1,
          textTransform: 'none',
          fontWeight: 600,
          minHeight: 40,
        },
        '& .MuiToggleButton-root:first-of-type': { borderStartStartRadius: 52, borderEndStartRadius: 52 },
        '& .MuiToggleButton-root:last-of-type': { borderStartEndRadius: 52, borderEndEndRadius: 52 },
        '& .Mui-selected': { bgcolor: 'text.primary', color: 'background.paper' },
        '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
          bgcolor: 'text.primary',
          color: 'background.paper',
        },
      }}
    >
      <ToggleButton value="cm">{t('units.cm')}</ToggleButton>
      <ToggleButton value="ftIn">{t('units.ftIn')}</ToggleButton>
    </ToggleButtonGroup>
  );
}
