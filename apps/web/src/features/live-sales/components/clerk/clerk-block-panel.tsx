import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveClerkAction } from '@knotwork/shared/schemas/live-sales';
import { formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import type { ClerkView } from '../../api/clerk.ts';
import { bidderLabel, statusLine } from '../../lib/status-line.ts';
import { BidLines } from '../bid-lines.tsx';
import { AbsenteeBook as Book } from './absentee-book.tsx';
import { BigButton as Big } from './big-button.tsx';

type BlockLot = NonNullable<ClerkView['current']>;

/**
 * The hammer side of the console: where the room stands, the ask, the leading bid and where it came from, the
 * clerk's actions (passed in, shown to staff who manage the room while the lot is on the block), the lot's bids and
 * its absentee book.
 */
export function ClerkBlockPanel({
  view,
  lot,
  onBlock,
  canManage,
  run,
  actions,
}: {
  view: ClerkView;
  lot: BlockLot;
  onBlock: boolean;
  canManage: boolean;
  run: (action: LiveClerkAction) => void;
  actions: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { t: tLive } = useTranslation('live');
  const next = view.upcoming[0];
  /**
   * Who leads, for the clerk (issue 28 §5): an online or absentee leader's name and the paddle they registered with;
   * a floor paddle a registered bidder holds, their name.
   */
  const leaderNote = (leading: NonNullable<BlockLot['leading']>) => {
    if (leading.source === 'floor') {
      const holder = view.paddles.find((p) => p.paddle === leading.number);
      return holder ? ` (${holder.name})` : '';
    }
    const paddle =
      view.leaderPaddle === null ? '' : `, ${t('registrations.paddle', { paddle: view.leaderPaddle })}`;
    return view.leaderName ? ` (${view.leaderName}${paddle})` : '';
  };
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 4, md: 6 }, borderRadius: `${radius.card}px`, display: 'grid', gap: 4 }}
    >
      <Typography
        variant="h5"
        component="p"
        role="status"
        data-testid="clerk-status"
        sx={{ color: lot.fairWarning ? 'error.main' : undefined }}
      >
        {statusLine(tLive, view, null)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {t('live.ask')}
          </Typography>
          <Typography variant="h2" component="p" data-testid="clerk-ask">
            {formatUsd(lot.ask)}
          </Typography>
        </Box>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
            {t('live.leading')}
          </Typography>
          <Typography variant="h5" component="p" data-testid="clerk-leading">
            {lot.leading
              ? `${formatUsd(lot.leading.amount)} · ${bidderLabel(tLive, lot.leading.label, lot.leading)}${leaderNote(lot.leading)}`
              : t('live.noBid')}
          </Typography>
          {lot.leading && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {tLive(`sale.source.${lot.leading.source}`)}
            </Typography>
          )}
        </Box>
      </Box>

      {onBlock && canManage && actions}
      {!onBlock && canManage && next && (
        <Big onClick={() => run({ type: 'open', lotId: next.lotId })} shortcut="N" testId="clerk-open-next">
          {t('live.openNext', { number: next.lotNumber })}
        </Big>
      )}
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xl: '1fr 1fr' } }}>
        <Box>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('live.bids')}
          </Typography>
          <BidLines lines={lot.bids} myLabel={null} />
        </Box>
        <Box>
          <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
            {t('live.book')}
          </Typography>
          <Book entries={view.absentee} />
        </Box>
      </Box>
    </Paper>
  );
}
