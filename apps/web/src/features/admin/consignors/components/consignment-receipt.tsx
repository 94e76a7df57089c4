import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatAddress } from '@knotwork/shared/addresses/formats';
import type { AdminConsignment, AdminConsignorDetail } from '@knotwork/shared/schemas/consignors-staff';
import { formatDate, formatUsd } from '@/lib/format.ts';
import { countryName } from '../lib/country-name.ts';
import { TermsSummary } from './terms-summary.tsx';

const cell = { border: '1px solid #999', p: '6px 8px', textAlign: 'start', verticalAlign: 'top' } as const;
const num = { ...cell, textAlign: 'end', whiteSpace: 'nowrap' } as const;

/**
 * The receipt as the printer gets it (window.print): hidden on screen, alone on the page when printing. The house
 * has no agreement PDF route yet; this is the paper the consignor signs for the rugs left with the house.
 */
export function ConsignmentReceipt({
  consignment: k,
  consignor,
}: {
  consignment: AdminConsignment;
  consignor: AdminConsignorDetail | undefined;
}) {
  const { t } = useTranslation('admin-consignors');
  const address = consignor?.address
    ? formatAddress(consignor.address, {
        countryName: countryName(consignor.address.country),
        withoutName: true,
      })
    : [];
  return (
    <>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            '.kw-receipt, .kw-receipt *': { visibility: 'visible' },
            '.kw-receipt': {
              display: 'block !important',
              position: 'absolute',
              insetInlineStart: 0,
              top: 0,
              width: '100%',
            },
          },
        }}
      />
      <Box
        className="kw-receipt"
        aria-hidden
        sx={{ display: 'none', color: '#000', bgcolor: '#fff', fontSize: 12, p: 2, '& h1, & h2': { m: 0 } }}
      >
        <Typography component="h1" sx={{ fontSize: 20, fontWeight: 600 }}>
          {t('receipt.title', { number: k.number })}
        </Typography>
        <Typography sx={{ fontSize: 12, mb: 3 }}>
          {t('receipt.received', { date: formatDate(k.receivedAt) })}
        </Typography>
        <Box sx={{ mb: 3 }}>
          <Typography sx={{ fontSize: 12, fontWeight: 600 }}>{k.consignor.name}</Typography>
          {consignor?.company && <Typography sx={{ fontSize: 12 }}>{consignor.company}</Typography>}
          {address.map((line) => (
            <Typography key={line} sx={{ fontSize: 12 }}>
              {line}
            </Typography>
          ))}
          {consignor?.email && <Typography sx={{ fontSize: 12 }}>{consignor.email}</Typography>}
        </Box>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', mb: 3 }}>
          <thead>
            <tr>
              <Box component="th" sx={cell}>
                #
              </Box>
              <Box component="th" sx={cell}>
                {t('items.rug')}
              </Box>
              <Box component="th" sx={num}>
                {t('items.estimateLow')}
              </Box>
              <Box component="th" sx={num}>
                {t('items.estimateHigh')}
              </Box>
              <Box component="th" sx={num}>
                {t('items.reserve')}
              </Box>
            </tr>
          </thead>
          <tbody>
            {k.items.map((item, i) => (
              <tr key={item.id}>
                <Box component="td" sx={cell}>
                  {i + 1}
                </Box>
                <Box component="td" sx={cell}>
                  {item.rugTitle}
                </Box>
                <Box component="td" sx={num}>
                  {formatUsd(item.estimateLow)}
                </Box>
                <Box component="td" sx={num}>
                  {formatUsd(item.estimateHigh)}
                </Box>
                <Box component="td" sx={num}>
                  {item.reserve === null ? '—' : formatUsd(item.reserve)}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
        <Typography component="h2" sx={{ fontSize: 14, fontWeight: 600, mb: 1 }}>
          {t('terms.title')}
        </Typography>
        <Box sx={{ mb: 4 }}>
          <TermsSummary override={k.termsOverride} />
        </Box>
        <Typography sx={{ fontSize: 12, mb: 6 }}>{t('receipt.statement')}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
          {[t('receipt.signConsignor'), t('receipt.signHouse')].map((label) => (
            <Box key={label} sx={{ borderTop: '1px solid #000', pt: 1, mt: 8, fontSize: 12 }}>
              {label}
            </Box>
          ))}
        </Box>
      </Box>
    </>
  );
}
