import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format.ts';

export interface FacetOption {
  value: string;
  label: string;
  /** Rugs this value would list with the rest of the filter (absent while counts load). */
  count?: number;
  /** Secondary text after the label, e.g. the country of a weaving centre. */
  hint?: string;
  checked: boolean;
  /** Drawn before the label (a colour swatch). */
  icon?: ReactNode;
}

/**
 * A group of checkboxes, each with its count. Values that would list nothing are muted (still readable, still
 * clickable); long lists show the first `initialVisible` and a "show all" toggle.
 */
export function FacetChecklist({
  legend,
  options,
  onToggle,
  initialVisible = 8,
}: {
  legend: string;
  options: FacetOption[];
  onToggle: (value: string, checked: boolean) => void;
  initialVisible?: number;
}) {
  const { t } = useTranslation('catalogue');
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  // Selected values always show, even when they fall below the fold of a long list.
  const visible = expanded ? options : options.filter((o, i) => i < initialVisible || o.checked);
  const hidden = options.length - visible.length;

  return (
    <FormGroup id={listId} aria-label={legend} role="group">
      {visible.map((o) => {
        const empty = o.count === 0 && !o.checked;
        return (
          <FormControlLabel
            key={o.value}
            sx={{
              mx: 0,
              my: -0.25,
              alignItems: 'center',
              '& .MuiFormControlLabel-label': { flex: 1, minWidth: 0 },
            }}
            control={
              <Checkbox
                size="small"
                checked={o.checked}
                onChange={(e) => onToggle(o.value, e.target.checked)}
                sx={{ p: 1.5, mr: 1 }}
              />
            }
            label={
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 2,
                  color: empty ? 'text.secondary' : 'text.primary',
                }}
              >
                {o.icon}
                <Typography
                  variant="body2"
                  component="span"
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {o.label}
                  {o.hint && (
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1.5 }}>
                      {o.hint}
                    </Typography>
                  )}
                </Typography>
                {o.count !== undefined && (
                  <Typography
                    variant="caption"
                    component="span"
                    sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatNumber(o.count)}
                  </Typography>
                )}
              </Box>
            }
          />
        );
      })}
      {(hidden > 0 || expanded) && options.length > initialVisible && (
        <Box>
          <Button
            size="small"
            color="inherit"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-controls={listId}
            sx={{ mt: 1, px: 2, minHeight: 30, textDecoration: 'underline', textUnderlineOffset: 3 }}
          >
            {expanded ? t('filters.showFewer') : t('filters.showAll', { count: options.length })}
          </Button>
        </Box>
      )}
    </FormGroup>
  );
}
