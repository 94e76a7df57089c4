import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsignmentTermsOverride } from '@knotwork/shared/consignments/terms';
import { formatUsd } from '@/lib/format.ts';
import { MONEY_TERMS, RATE_TERMS } from '../lib/consignment-form.ts';
import { formatBps } from '../lib/format-rate.ts';

/** A receipt's terms in words: what it sets, and "House default" for the rest. */
export function TermsSummary({ override }: { override: Record<string, unknown> | null }) {
  const { t } = useTranslation('admin-consignors');
  const o = (override ?? {}) as ConsignmentTermsOverride;
  const house = t('terms.houseDefault');
  const commission = !o.commission
    ? house
    : o.commission.kind === 'flat'
      ? t('terms.flatOf', { rate: formatBps(o.commission.rateBps) })
      : o.commission.bands
          .map((b) => t('terms.bandOf', { rate: formatBps(b.rateBps), from: formatUsd(b.fromCents) }))
          .join(' · ');
  const rows: [string, string][] = [
    [t('terms.commission'), commission],
    ...(Object.entries(MONEY_TERMS) as [keyof typeof MONEY_TERMS, keyof ConsignmentTermsOverride][]).map(
      ([k, key]): [string, string] => {
        const v = o[key] as number | undefined;
        return [
          t(`terms.${k}`),
          v === undefined ? (k === 'advance' ? t('terms.noAdvance') : house) : formatUsd(v),
        ];
      },
    ),
    ...(Object.entries(RATE_TERMS) as [keyof typeof RATE_TERMS, keyof ConsignmentTermsOverride][]).map(
      ([k, key]): [string, string] => {
        const v = o[key] as number | undefined;
        return [t(`terms.${k}`), v === undefined ? house : formatBps(v)];
      },
    ),
    [
      t('terms.vatOnCommissionAndFees'),
      o.vatOnCommissionAndFees === undefined
        ? house
        : o.vatOnCommissionAndFees
          ? t('terms.yes')
          : t('terms.no'),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        columnGap: 4,
        rowGap: 1.5,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{
              m: 0,
              color: value === house ? 'text.secondary' : 'text.primary',
              fontStyle: value === house ? 'italic' : 'normal',
            }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
