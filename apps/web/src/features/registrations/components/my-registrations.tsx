import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MyRegistration } from '@knotwork/shared/schemas/registrations';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { useMyRegistrations } from '../api/my-registrations.ts';

const STATUS = {
  approved: { color: 'success', key: 'registration.approved' },
  pending: { color: 'warning', key: 'registration.pending' },
  rejected: { color: 'default', key: 'registration.rejectedShort' },
} as const;

function Line({ registration: r }: { registration: MyRegistration }) {
  const { t } = useTranslation('bidding');
  const timeZone = useTimeZone();
  const status = STATUS[r.status];
  return (
    <Box
      component="li"
      data-testid="my-registration"
      sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', py: 2 }}
    >
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Link component={RouterLink} to={paths.upcomingAuction.href(r.auctionSlug)} sx={{ fontWeight: 600 }}>
          {r.auctionTitle}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(r.startsAt, timeZone)}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t('registration.paddle', { number: r.paddle })}
      </Typography>
      <Chip size="small" color={status.color} label={t(status.key)} />
    </Box>
  );
}

/**
 * My registrations to bid (issue 28 §5), above my bids: each sale with its paddle number and where the registration
 * stands. Nothing until I have registered for a sale (most collectors bid in open sales only), nor if it cannot be read.
 */
export function MyRegistrations() {
  const { t } = useTranslation('bidding');
  const { data } = useMyRegistrations();
  if (!data || data.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 4 }} aria-labelledby="my-registrations-title">
      <Typography id="my-registrations-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('registration.mine.title')}
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        {data.map((r) => (
          <Line key={r.id} registration={r} />
        ))}
      </Box>
    </Box>
  );
}
