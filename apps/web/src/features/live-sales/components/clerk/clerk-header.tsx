import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import type { ClerkView } from '../../api/clerk.ts';

/** The sale's title, who is watching online, how far the sale has gone, and the public room in a new tab. */
export function ClerkHeader({ view }: { view: ClerkView }) {
  const { t } = useTranslation('admin');
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 3,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Box>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t('live.overline')}
        </Typography>
        <Typography variant="h4" component="h1">
          {view.title}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip
          label={t('live.online', { count: view.onlineCount })}
          color="primary"
          variant="outlined"
          data-testid="clerk-online"
        />
        <Chip
          label={t('live.progress', { done: view.lotsDone, left: view.upcoming.length })}
          variant="outlined"
        />
        <Button component={RouterLink} to={paths.adminTelephone.href(view.auctionId)}>
          {t('live.phoneBookings')}
        </Button>
        <Button component={RouterLink} to={paths.live.href(view.slug)} target="_blank">
          {t('live.openRoom')}
        </Button>
      </Box>
    </Box>
  );
}
