import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { adminMessage } from '../../shell/server-message.ts';

export type FieldValue = string | number | boolean;
export interface ContentField {
  key: string;
  label: string;
  kind?: 'text' | 'multiline' | 'select' | 'switch' | 'rating';
  options?: ReadonlyArray<{ value: string; label: string }>;
  wide?: boolean;
}
type Values = Record<string, FieldValue>;

/**
 * One editable item of a content list (a question, a testimonial, a position): its fields, Save, and when it is
 * in a list, move up/down and delete. Field errors from the server show under their fields.
 */
export function ContentItemForm({
  label,
  fields,
  initial,
  submitLabel,
  disabled,
  onSubmit,
  onMove,
  onDelete,
  resetOnSave,
  children,
}: {
  label: string;
  fields: readonly ContentField[];
  initial: Values;
  submitLabel: string;
  disabled?: boolean;
  /** Resolves when the server answered; rejects with its error. */
  onSubmit: (values: Values) => Promise<unknown>;
  onMove?: { up?: () => void; down?: () => void };
  onDelete?: () => void;
  resetOnSave?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const changed = fields.some((f) => values[f.key] !== initial[f.key]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await onSubmit(values);
      if (resetOnSave) setValues(initial);
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors);
      notify.error(adminMessage((err as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      sx={{ p: { xs: 3, md: 4 }, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {fields.map((f) => {
        const common = {
          label: f.label,
          disabled: disabled || busy,
          error: Boolean(errors[f.key]),
          helperText: errors[f.key] ? adminMessage(errors[f.key]) : undefined,
          sx: f.wide || f.kind === 'multiline' ? { gridColumn: '1 / -1' } : undefined,
        };
        if (f.kind === 'switch')
          return (
            <FormControlLabel
              key={f.key}
              label={f.label}
              control={
                <Switch
                  checked={Boolean(values[f.key])}
                  disabled={disabled || busy}
                  onChange={(e) => setValues((s) => ({ ...s, [f.key]: e.target.checked }))}
                />
              }
            />
          );
        if (f.kind === 'select' || f.kind === 'rating')
          return (
            <TextField
              key={f.key}
              select
              size="small"
              {...common}
              value={String(values[f.key] ?? '')}
              onChange={(e) =>
                setValues((s) => ({
                  ...s,
                  [f.key]: f.kind === 'rating' ? Number(e.target.value) : e.target.value,
                }))
              }
            >
              {(f.options ?? [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: '★'.repeat(n) }))).map(
                (o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ),
              )}
            </TextField>
          );
        return (
          <TextField
            key={f.key}
            size="small"
            {...common}
            multiline={f.kind === 'multiline'}
            minRows={f.kind === 'multiline' ? 3 : undefined}
            value={String(values[f.key] ?? '')}
            onChange={(e) => setValues((s) => ({ ...s, [f.key]: e.target.value }))}
          />
        );
      })}
      {children}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {!disabled && (
          <Button
            type="submit"
            size="small"
            variant={resetOnSave ? 'contained' : 'outlined'}
            disabled={busy || !changed}
          >
            {submitLabel}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {!disabled && onMove && (
          <>
            <IconButton size="small" aria-label={t('moveUp')} disabled={!onMove.up} onClick={onMove.up}>
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t('moveDown')} disabled={!onMove.down} onClick={onMove.down}>
              <ArrowDownward fontSize="small" />
            </IconButton>
          </>
        )}
        {!disabled && onDelete && (
          <IconButton size="small" aria-label={t('delete')} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Paper>
  );
}

/** The ids of a list with item `index` moved by `by` (-1 up, +1 down). */
export function moved<T extends { id: string }>(items: readonly T[], index: number, by: -1 | 1): string[] {
  const ids = items.map((i) => i.id);
  const [item] = ids.splice(index, 1);
  ids.splice(index + by, 0, item!);
  return ids;
}
