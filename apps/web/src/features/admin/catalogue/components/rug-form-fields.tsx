import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AGE_CLASSES,
  CONDITION_GRADES,
  KNOT_TYPES,
  RUG_COLOURS,
  RUG_MATERIALS,
  RUG_SHAPES,
  RUG_STYLES,
} from '@knotwork/shared/constants/catalogue';
import { vocabularyLabel, type VocabularyGroup } from '@/lib/vocabulary-label.ts';
import { adminMessage } from '../../shell/server-message.ts';
import type { RugField, RugFormValues } from '../lib/rug-form.ts';

type Props = { control: Control<RugFormValues>; disabled: boolean };

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 4 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 3 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {children}
      </Box>
    </Box>
  );
}

/** Every catalogue field of a rug, grouped as a specialist describes one. */
export function RugFormFields({ control, disabled }: Props) {
  const { t } = useTranslation('admin');

  const text = (
    name: RugField,
    opts: { multiline?: boolean; wide?: boolean; type?: string; unit?: string; required?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          value={field.value}
          label={t(`rugs.fields.${name}`)}
          required={opts.required}
          disabled={disabled}
          type={opts.type ?? 'text'}
          multiline={opts.multiline}
          minRows={opts.multiline ? 3 : undefined}
          error={Boolean(fieldState.error)}
          helperText={adminMessage(fieldState.error?.message)}
          slotProps={
            opts.unit
              ? {
                  input: { endAdornment: <InputAdornment position="end">{opts.unit}</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }
              : undefined
          }
          sx={opts.wide ? { gridColumn: '1 / -1' } : undefined}
        />
      )}
    />
  );

  const select = (
    name: RugField,
    group: VocabularyGroup,
    values: readonly string[],
    opts: { multiple?: boolean; optional?: boolean } = {},
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          {...field}
          label={t(`rugs.fields.${name}`)}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={adminMessage(fieldState.error?.message)}
          slotProps={{
            select: {
              multiple: opts.multiple,
              renderValue: opts.multiple
                ? (v) => (v as string[]).map((x) => vocabularyLabel(t, group, x)).join(', ')
                : undefined,
            },
          }}
        >
          {opts.optional && <MenuItem value="">{t('common.none')}</MenuItem>}
          {values.map((v) => (
            <MenuItem key={v} value={v}>
              {vocabularyLabel(t, group, v)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 8 }}>
      <Section title={t('rugs.sections.identity')}>
        {text('title', { wide: true, required: true })}
        {text('originRegion', { required: true })}
        {text('originCountry', { required: true })}
        {select('style', 'styles', RUG_STYLES)}
        {select('ageClass', 'ageClasses', AGE_CLASSES)}
        {text('circaYear', { type: 'number' })}
        {text('description', { multiline: true, wide: true })}
      </Section>
      <Section title={t('rugs.sections.construction')}>
        {text('widthCm', { unit: 'cm', required: true })}
        {text('lengthCm', { unit: 'cm', required: true })}
        {select('shape', 'shapes', RUG_SHAPES)}
        {select('colours', 'colours', RUG_COLOURS, { multiple: true })}
        {select('pileMaterials', 'materials', RUG_MATERIALS, { multiple: true })}
        {select('foundationMaterials', 'materials', RUG_MATERIALS, { multiple: true })}
        {select('knotType', 'knotTypes', KNOT_TYPES, { optional: true })}
        {text('knotDensity', { type: 'number' })}
      </Section>
      <Section title={t('rugs.sections.condition')}>
        {select('conditionGrade', 'conditionGrades', CONDITION_GRADES)}
        <span />
        {text('conditionReport', { multiline: true, wide: true })}
      </Section>
      <Section title={t('rugs.sections.price')}>
        {text('estimateLow', { unit: 'USD', required: true })}
        {text('estimateHigh', { unit: 'USD', required: true })}
        {text('fixedPrice', { unit: 'USD' })}
      </Section>
    </Box>
  );
}
