import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import { formatNumber, formatUsd } from '@/lib/format.ts';

/** A consignment's terms in plain words: commission, fees, insurance, VAT and any advance. */
export function TermsSummary({ terms }: { terms: ConsignmentTerms }) {
  const { t } = useTranslation('consignor-portal');
  const rate = (bps: number) => t('terms.percent', { value: formatNumber(bps / 100) });
  const commission =
    terms.commission.kind === 'flat'
      ? t('terms.flat', { rate: rate(terms.commission.rateBps) })
      : terms.commission.bands
          .map((b) => t('terms.band', { rate: rate(b.rateBps), from: formatUsd(b.fromCents) }))
          .join(' · ');
  const rows: [string, string][] = [
    [t('terms.commission'), commission],
    [t('terms.minimumCommission'), formatUsd(terms.minimumCommissionCents)],
    [t('terms.lottingFee'), formatUsd(terms.lottingFeeCents)],
    [t('terms.photographyFee'), formatUsd(terms.photographyFeeCents)],
    [t('terms.insurance'), rate(terms.insuranceRateBps)],
    [t('terms.buyInFee'), rate(terms.buyInFeeRateBps)],
    [
      t('terms.vat'),
      terms.vatOnCommissionAndFees ? t('terms.vatYes', { rate: rate(terms.vatRateBps) }) : t('terms.vatNo'),
    ],
    [t('terms.advance'), terms.advanceCents > 0 ? formatUsd(terms.advanceCents) : t('terms.noAdvance')],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        columnGap: 3,
        rowGap: 1,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
