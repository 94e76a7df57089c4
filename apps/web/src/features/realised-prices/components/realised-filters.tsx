import { useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { REALISED_SORTS, type RealisedSort } from '@knotwork/shared/schemas/realised';
import { AGE_CLASSES, RUG_STYLES } from '@knotwork/shared/constants/catalogue';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { SIZE_BAND_KEYS, type RealisedFilter, type SizeBand } from '../lib/realised-filter.ts';

/**
 * Search and filters of the realised prices: words and origin are applied on Search (or Enter), the menus at once.
 * Every change goes back to page 1.
 */
export function RealisedFilters({
  filter,
  onChange,
}: {
  filter: RealisedFilter;
  onChange: (next: RealisedFilter) => void;
}) {
  const { t } = useTranslation('realised');
  const [q, setQ] = useState(filter.q);
  const [origin, setOrigin] = useState(filter.origin);
  // The URL is the truth: back/forward or a comparables link replace what was typed.
  useEffect(() => setQ(filter.q), [filter.q]);
  useEffect(() => setOrigin(filter.origin), [filter.origin]);

  const apply = (patch: Partial<RealisedFilter>) => onChange({ ...filter, q, origin, ...patch, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({});
  };
  const selectSx = { minWidth: { xs: 0, sm: 160 }, flex: { xs: '1 1 45%', sm: '0 0 auto' } };

  return (
    <Box
      component="form"
      role="search"
      aria-label={t('filters.label')}
      onSubmit={submit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}
    >
      <TextField
        size="small"
        label={t('filters.q')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        sx={{ flex: { xs: '1 1 100%', md: '2 1 220px' } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        size="small"
        label={t('filters.origin')}
        placeholder={t('filters.originHint')}
        value={origin}
        onChange={(e) => setOrigin(e.target.value)}
        sx={{ flex: { xs: '1 1 100%', sm: '1 1 160px' } }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        select
        size="small"
        label={t('filters.style')}
        value={filter.style}
        onChange={(e) => apply({ style: e.target.value })}
        sx={selectSx}
      >
        <MenuItem value="">{t('filters.any')}</MenuItem>
        {RUG_STYLES.map((s) => (
          <MenuItem key={s} value={s}>
            {vocabularyLabel(t, 'styles', s)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.age')}
        value={filter.ageClass}
        onChange={(e) => apply({ ageClass: e.target.value })}
        sx={selectSx}
      >
        <MenuItem value="">{t('filters.any')}</MenuItem>
        {AGE_CLASSES.map((a) => (
          <MenuItem key={a} value={a}>
            {vocabularyLabel(t, 'ageClasses', a)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.size')}
        value={filter.size}
        onChange={(e) => apply({ size: e.target.value as SizeBand | '' })}
        sx={selectSx}
      >
        <MenuItem value="">{t('filters.any')}</MenuItem>
        {SIZE_BAND_KEYS.map((b) => (
          <MenuItem key={b} value={b}>
            {t(`sizes.${b}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filters.sort')}
        value={filter.sort}
        onChange={(e) => apply({ sort: e.target.value as RealisedSort })}
        sx={selectSx}
      >
        {REALISED_SORTS.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`sorts.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        disableElevation
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
      >
        {t('filters.search')}
      </Button>
    </Box>
  );
}
