import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveClerkAction } from '@knotwork/shared/schemas/live-sales';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import type { ClerkView } from '../../api/clerk.ts';
import { LotPicture } from '../lot-picture.tsx';
import { AbsenteeBook as Book } from './absentee-book.tsx';
import { PhoneLinesChip } from './phone-lines-chip.tsx';

/** The next eight lots with their reserves and absentee books; staff may open any of them between lots. */
export function ClerkNextLots({
  view,
  canOpen,
  run,
}: {
  view: ClerkView;
  /** Staff who manage the room, while no lot is on the block. */
  canOpen: boolean;
  run: (action: LiveClerkAction) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tLive } = useTranslation('live');
  return (
    <Box component="section" aria-labelledby="clerk-next-lots">
      <Typography variant="overline" component="h2" id="clerk-next-lots" sx={{ color: 'accent.dark', mb: 2 }}>
        {t('live.nextLots')}
      </Typography>
      {view.upcoming.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('live.noneLeft')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {view.upcoming.slice(0, 8).map((u) => (
            <Paper
              key={u.lotId}
              variant="outlined"
              sx={{
                p: 3,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 3,
                alignItems: 'center',
                borderRadius: `${radius.card}px`,
              }}
            >
              <LotPicture lot={u} sizes="64px" sx={{ width: 64, height: 64, flexShrink: 0 }} />
              <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {tLive('lotNumber', { number: u.lotNumber })} · {u.rug.title}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {formatEstimate(u.estimateLow, u.estimateHigh)} ·{' '}
                  {view.reserves[u.lotId] == null
                    ? t('live.noReserve')
                    : t('live.reserveIs', { amount: formatUsd(view.reserves[u.lotId]!) })}
                </Typography>
                <PhoneLinesChip lines={view.phoneLines[u.lotId]} />
              </Box>
              <Box sx={{ textAlign: 'end', minWidth: 120 }}>
                <Book entries={view.upcomingAbsentee[u.lotId] ?? []} compact />
              </Box>
              {canOpen && (
                <Button size="small" onClick={() => run({ type: 'open', lotId: u.lotId })}>
                  {t('live.open')}
                </Button>
              )}
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
