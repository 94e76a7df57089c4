import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import { formatNumber } from '@/lib/format.ts';
import { usePortalMoney } from '../hooks/use-portal-money.ts';

/** A consignment's terms in plain words: commission, fees, insurance, VAT and any advance. */
export function TermsSummary({ terms }: { terms: ConsignmentTerms }) {
  const { t } = useTranslation('consignor-portal');
  const { money } = usePortalMoney();
  const rate = (bps: number) => t('terms.percent', { value: formatNumber(bps / 100) });
  const commission =
    terms.commission.kind === 'flat'
      ? t('terms.flat', { rate: rate(terms.commission.rateBps) })
      : terms.commission.bands
          .map((b) => t('terms.band', { rate: rate(b.rateBps), from: money(b.fromCents) }))
          .join(' · ');
  const rows: [string, string][] = [
    [t('terms.commission'), commission],
    [t('terms.minimumCommission'), money(terms.minimumCommissionCents)],
    [t('terms.lottingFee'), money(terms.lottingFeeCents)],
    [t('terms.photographyFee'), money(terms.photographyFeeCents)],
    [t('terms.insurance'), rate(terms.insuranceRateBps)],
    [t('terms.buyInFee'), rate(terms.buyInFeeRateBps)],
    [
      t('terms.vat'),
      terms.vatOnCommissionAndFees ? t('terms.vatYes', { rate: rate(terms.vatRateBps) }) : t('terms.vatNo'),
    ],
    [t('terms.advance'), terms.advanceCents > 0 ? money(terms.advanceCents) : t('terms.noAdvance')],
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
