import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { paths } from '@/config/paths.ts';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import type { PortalConsignment, PortalItem } from '../api/get-consignments.ts';
import { usePortalMoney } from '../hooks/use-portal-money.ts';
import { downloadAgreementPdf } from '../api/download-agreement-pdf.ts';
import { AgreementDialog } from './agreement-dialog.tsx';
import { ItemStatusChip } from './item-status-chip.tsx';
import { PdfButton } from './pdf-button.tsx';

/** One rug of a consignment: picture, title, status, and what the sale says of it now. */
function ItemLine({ item }: { item: PortalItem }) {
  const { t } = useTranslation('consignor-portal');
  const { money, estimate } = usePortalMoney();
  const sale = item.sale;
  const facts: string[] = [t('estimate', { range: estimate(item.estimateLow, item.estimateHigh) })];
  if (item.reserve !== null) facts.push(t('reserve', { amount: money(item.reserve) }));
  return (
    <Box
      component="li"
      data-testid="consignor-item"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '64px minmax(0, 1fr)', sm: '88px minmax(0, 1fr)' },
        gap: 3,
      }}
    >
      <Box
        sx={{
          alignSelf: 'start',
          borderRadius: `${radius.card / 2}px`,
          overflow: 'hidden',
          bgcolor: 'background.subtle',
        }}
      >
        {item.image ? (
          <ResponsiveImage
            image={item.image}
            sizes="88px"
            alt={item.image.alt ?? item.rugTitle}
            aspectRatio="1 / 1"
          />
        ) : (
          <Box sx={{ aspectRatio: '1 / 1' }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 500, lineHeight: 1.35, minWidth: 0 }}>
            <Link component={RouterLink} to={paths.rug.href(item.rugSlug)} underline="hover" color="inherit">
              {item.rugTitle}
            </Link>
          </Typography>
          <ItemStatusChip status={item.status} />
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {facts.join(' · ')}
        </Typography>
        {sale && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('lot', { number: sale.lotNumber, sale: sale.title })}
          </Typography>
        )}
        {item.status === 'in_sale' && sale && (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="consignor-item-bid">
            {sale.currentBid !== null && sale.bidCount > 0
              ? t('currentBid', { amount: money(sale.currentBid) })
              : t('noBids')}
            {sale.reserveMet && ` · ${t('reserveMet')}`}
            {` · ${t('closes', { date: formatDateTime(sale.closesAt) })}`}
          </Typography>
        )}
        {item.hammer !== null && (
          <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }}>
            {t('hammer', { amount: money(item.hammer) })}
            {item.netProceeds !== null && ` · ${t('net', { amount: money(item.netProceeds) })}`}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * A consignment receipt: its number, the agreement's state (with "Review and accept" while awaited) and its PDF, its
 * rugs.
 */
export function ConsignmentCard({ consignment }: { consignment: PortalConsignment }) {
  const { t } = useTranslation('consignor-portal');
  const [reviewing, setReviewing] = useState(false);
  const a = consignment.agreement;
  return (
    <Box
      component="article"
      data-testid="consignment-card"
      sx={{
        p: { xs: 3, sm: 5 },
        borderRadius: `${radius.card}px`,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' }, mb: 4 }}
      >
        <Box>
          <Typography component="h2" variant="h6">
            {t('consignment', { number: consignment.number })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('receivedOn', { date: formatDate(consignment.receivedAt) })}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { sm: 'end' } }} data-testid="agreement-state" data-status={a.status}>
          {a.status === 'sent' ? (
            <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
              <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                {t('agreement.sent')}
              </Typography>
              <Button variant="contained" size="small" onClick={() => setReviewing(true)}>
                {t('agreement.review')}
              </Button>
            </Stack>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {a.status === 'accepted_online' && a.at
                ? t('agreement.accepted_online', { date: formatDate(a.at) })
                : t(`agreement.${a.status === 'accepted_online' ? 'signed_on_paper' : a.status}`)}
            </Typography>
          )}
          <Box sx={{ mt: 1 }}>
            <PdfButton
              label={t('agreement.pdf')}
              testId="agreement-pdf"
              download={() => downloadAgreementPdf(consignment)}
            />
          </Box>
        </Box>
      </Stack>
      <Stack component="ul" spacing={4} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {consignment.items.map((item) => (
          <ItemLine key={item.id} item={item} />
        ))}
      </Stack>
      {a.status === 'sent' && (
        <AgreementDialog consignment={consignment} open={reviewing} onClose={() => setReviewing(false)} />
      )}
    </Box>
  );
}
