import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { ReportGroup } from '@knotwork/shared/schemas/settlement-reports-staff';
import {
  PRESETS,
  dayAfter,
  lastDayOf,
  presetPeriod,
  type PeriodPreset,
  type ReportPeriod,
} from '../lib/period.ts';

/**
 * The report's period (a preset, or two days: the first and the last included) and how the first table groups its
 * lots. The API's `to` is the day after the last day shown.
 */
export function PeriodPicker({
  preset,
  period,
  groupBy,
  onChange,
  onGroupBy,
}: {
  preset: PeriodPreset;
  period: ReportPeriod;
  groupBy: ReportGroup;
  onChange: (preset: PeriodPreset, period: ReportPeriod) => void;
  onGroupBy: (groupBy: ReportGroup) => void;
}) {
  const { t } = useTranslation('admin-reports');
  const lastDay = lastDayOf(period.to);
  const invalid = period.from > lastDay;
  return (
    <Box
      role="group"
      aria-label={t('period.label')}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField
        select
        size="small"
        label={t('period.label')}
        value={preset}
        onChange={(e) => {
          const next = e.target.value as PeriodPreset;
          onChange(next, next === 'custom' ? period : presetPeriod(next));
        }}
        sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        data-testid="report-preset"
      >
        {PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`period.${p}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="date"
        label={t('period.from')}
        value={period.from}
        onChange={(e) => e.target.value && onChange('custom', { ...period, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
        data-testid="report-from"
      />
      <TextField
        size="small"
        type="date"
        label={t('period.to')}
        value={lastDay}
        onChange={(e) => e.target.value && onChange('custom', { ...period, to: dayAfter(e.target.value) })}
        error={invalid}
        helperText={invalid ? t('period.invalid') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: { xs: '1 1 140px', sm: '0 0 170px' } }}
        data-testid="report-to"
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={groupBy}
        onChange={(_e, v: ReportGroup | null) => v && onGroupBy(v)}
        aria-label={t('groupBy.label')}
      >
        <ToggleButton value="sale">{t('groupBy.sale')}</ToggleButton>
        <ToggleButton value="month">{t('groupBy.month')}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
