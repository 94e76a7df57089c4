import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ActiveCriterion } from '../lib/active-filters.ts';

/** What narrows the list, each removable on its own, and "Clear all". */
export function ActiveFilterChips({
  criteria,
  onRemove,
  onClearAll,
}: {
  criteria: ActiveCriterion[];
  onRemove: (c: ActiveCriterion) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('catalogue');
  if (criteria.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('chips.label')}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      {criteria.map((c) => (
        <Box component="li" key={c.id}>
          <Chip
            label={c.label}
            // The whole chip removes its filter (a small cross alone is a hard target on a phone).
            onClick={() => onRemove(c)}
            onDelete={() => onRemove(c)}
            aria-label={t('chips.remove', { label: c.label })}
            variant="outlined"
            sx={{ bgcolor: 'background.paper', '& .MuiChip-deleteIcon': { color: 'text.secondary' } }}
          />
        </Box>
      ))}
      <Box component="li">
        <Button
          size="small"
          color="inherit"
          onClick={onClearAll}
          sx={{ textDecoration: 'underline', textUnderlineOffset: 3 }}
        >
          {t('chips.clearAll')}
        </Button>
      </Box>
    </Box>
  );
}
