import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { useBidderRegistrations } from '../api/bidder-registrations.ts';

const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/** The bidder's registrations to bid (issue 28 §5): each sale with the paddle and where it stands, to its queue. */
export function BidderRegistrations({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const query = useBidderRegistrations(id);
  if (query.isPending) return <CircularProgress size={20} aria-label={t('common.loading')} />;
  if (query.isError) return <Typography color="error">{t('common.loadFailed')}</Typography>;
  if (query.data.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{t('registrations.noneForBidder')}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
      {query.data.map((r) => (
        <Box
          component="li"
          key={r.id}
          sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="bidder-registration"
        >
          <Link
            component={RouterLink}
            to={paths.adminSale.href(r.auctionId)}
            sx={{ flex: '1 1 10rem', minWidth: 0 }}
          >
            {r.auctionTitle}
          </Link>
          <Typography variant="body2">{t('registrations.paddle', { paddle: r.paddle })}</Typography>
          <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`registrations.status.${r.status}`)} />
        </Box>
      ))}
    </Box>
  );
}
