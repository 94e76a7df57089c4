import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { DEFAULT_INCREMENTS, incrementTableProblem } from '@knotwork/shared/bidding/increments';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import { adminMessage } from '../../shell/server-message.ts';

/** One row as typed: whole dollars, as strings while the person types. */
export interface IncrementRowInput {
  from: string;
  increment: string;
}

export const incrementRowsFrom = (table: IncrementTable | null): IncrementRowInput[] =>
  (table ?? DEFAULT_INCREMENTS).map((r) => ({
    from: String(r.from / 100),
    increment: String(r.increment / 100),
  }));

export const incrementTableFrom = (rows: IncrementRowInput[]): { from: number; increment: number }[] =>
  rows.map((r) => ({
    from: Math.round(Number(r.from) * 100),
    increment: Math.round(Number(r.increment) * 100),
  }));

/**
 * The sale's increment table: the house table (null) or its own rows, "from this price, bids go up by". Checked
 * by the engine's own rule as the person types, so the server's 400 is the exception.
 */
export function IncrementTableEditor({
  own,
  rows,
  onChange,
  disabled,
  rowsOnly,
}: {
  own: boolean;
  rows: IncrementRowInput[];
  onChange: (own: boolean, rows: IncrementRowInput[]) => void;
  disabled?: boolean;
  /** Settings' default table: always rows of its own, no "house table" switch (it is the house table). */
  rowsOnly?: boolean;
}) {
  const { t } = useTranslation('admin');
  const problem = own ? incrementTableProblem(incrementTableFrom(rows)) : null;
  const set = (i: number, k: keyof IncrementRowInput, value: string) =>
    onChange(
      own,
      rows.map((r, j) => (j === i ? { ...r, [k]: value } : r)),
    );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridColumn: '1 / -1' }}>
      {!rowsOnly && (
        <FormControlLabel
          control={
            <Switch checked={own} disabled={disabled} onChange={(e) => onChange(e.target.checked, rows)} />
          }
          label={t('sales.increments.own')}
        />
      )}
      {!own ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('sales.increments.house')}
        </Typography>
      ) : (
        <>
          {rows.map((r, i) => (
            <Box
              key={i}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr auto', alignItems: 'center' }}
            >
              <TextField
                size="small"
                label={t('sales.increments.from')}
                value={r.from}
                disabled={disabled || i === 0}
                onChange={(e) => set(i, 'from', e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <TextField
                size="small"
                label={t('sales.increments.step')}
                value={r.increment}
                disabled={disabled}
                onChange={(e) => set(i, 'increment', e.target.value)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
              <IconButton
                aria-label={t('sales.increments.remove', { n: i + 1 })}
                disabled={disabled || rows.length === 1}
                onClick={() =>
                  onChange(
                    own,
                    rows.filter((_r, j) => j !== i),
                  )
                }
              >
                <DeleteOutline />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button
              size="small"
              startIcon={<Add />}
              disabled={disabled}
              onClick={() => {
                const last = rows[rows.length - 1];
                const from = last ? Number(last.from) * 2 || 100 : 0;
                onChange(own, [...rows, { from: String(from), increment: last?.increment ?? '10' }]);
              }}
            >
              {t('sales.increments.add')}
            </Button>
          </Box>
          {problem && (
            <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
              {adminMessage(problem)}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
