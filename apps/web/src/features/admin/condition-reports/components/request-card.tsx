import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format.ts';
import { RequestClock } from './request-clock.tsx';

/** One request at the desk: the lot (a link to its answer page, unless `inLot`), who asked, their question, the clock. */
export function RequestCard({
  request,
  serverNow,
  inLot = false,
}: {
  request: AdminConditionRequest;
  serverNow: string;
  inLot?: boolean;
}) {
  const { t } = useTranslation('admin-condition-reports');
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="condition-request"
      data-request-id={request.id}
      sx={{ p: { xs: 3, md: 4 }, display: 'grid', gap: 2, listStyle: 'none', minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
        }}
      >
        {inLot ? (
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {t('by', { name: request.userName, email: request.userEmail })}
          </Typography>
        ) : (
          <Link
            component={RouterLink}
            to={paths.adminConditionLot.href(request.lotId)}
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {t('lot', { number: request.lotNumber, title: request.rugTitle })}
          </Link>
        )}
        <RequestClock request={request} serverNow={serverNow} />
      </Box>
      {!inLot && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('sale', { title: request.auctionTitle })} ·{' '}
          {t('by', { name: request.userName, email: request.userEmail })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {request.question ? t('question', { question: request.question }) : t('noQuestion')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('asked', { date: formatDateTime(request.requestedAt) })}
      </Typography>
    </Paper>
  );
}
