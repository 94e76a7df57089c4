import { useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveClerkAction } from '@knotwork/shared/schemas/live-sales';
import { formatUsd } from '@/lib/format.ts';
import type { ClerkView } from '../../api/clerk.ts';
import { BigButton as Big } from './big-button.tsx';

type BlockLot = NonNullable<ClerkView['current']>;

/**
 * What the clerk does to the lot on the block: set the ask, take a floor bid by paddle number, fair warning, sold,
 * pass, undo, pause. The paddle number lives in the console, whose keyboard shortcut F takes the floor bid too.
 */
export function ClerkActions({
  view,
  lot,
  reserve,
  run,
  paddle,
  onPaddle,
  paddleField,
  floorBid,
}: {
  view: ClerkView;
  lot: BlockLot;
  reserve: number | null;
  run: (action: LiveClerkAction) => void;
  paddle: string;
  onPaddle: (paddle: string) => void;
  paddleField: RefObject<HTMLInputElement | null>;
  floorBid: () => void;
}) {
  const { t } = useTranslation('admin');
  const [ask, setAsk] = useState('');
  const open = lot.status === 'open';
  // A paddle a registered bidder holds (issue 28 §5): the clerk sees whose it is before taking the bid, and the
  // server refuses it past that bidder's limit.
  const holder = paddle ? view.paddles.find((p) => String(p.paddle) === paddle) : undefined;
  const belowReserve = lot.reserveMet === false;
  const setAskAmount = () => {
    const units = Number(ask.replace(/[^\d]/g, ''));
    if (units > 0) run({ type: 'setAsk', amount: units * 100 });
    setAsk('');
  };
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('live.newAsk')}
          value={ask}
          onChange={(e) => setAsk(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && setAskAmount()}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: 160 }}
        />
        <Button variant="outlined" onClick={setAskAmount}>
          {t('live.setAsk')}
        </Button>
        {view.suggestedAsk !== null && view.suggestedAsk !== lot.ask && (
          <Button onClick={() => run({ type: 'setAsk', amount: view.suggestedAsk! })}>
            {t('live.resetAsk', { amount: formatUsd(view.suggestedAsk) })}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'stretch' }}>
        <TextField
          inputRef={paddleField}
          size="small"
          label={t('live.paddle')}
          value={paddle}
          onChange={(e) => onPaddle(e.target.value.replace(/[^\d]/g, ''))}
          onKeyDown={(e) => e.key === 'Enter' && floorBid()}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'clerk-paddle' } }}
          sx={{ width: 120 }}
        />
        <Big onClick={floorBid} disabled={!open} shortcut="F" testId="clerk-floor">
          {t('live.floorBid', { amount: formatUsd(lot.ask) })}
        </Big>
        {holder && (
          <Typography
            variant="body2"
            sx={{ alignSelf: 'center', color: 'text.secondary', flexBasis: '100%' }}
            data-testid="clerk-paddle-holder"
          >
            {t('live.paddleHolder', { paddle: holder.paddle, name: holder.name })}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <Big
          onClick={() => run({ type: 'fairWarning' })}
          disabled={!open || !lot.leading}
          shortcut="W"
          testId="clerk-fair-warning"
          color="warning"
        >
          {t('live.fairWarning')}
        </Big>
        <Big
          onClick={() => run({ type: 'sold', bidCount: lot.bids.length })}
          disabled={!open || !lot.leading || belowReserve}
          describedBy={belowReserve && lot.leading ? 'clerk-sold-reason' : undefined}
          shortcut="S"
          testId="clerk-sold"
          color="success"
        >
          {t('live.sold')}
        </Big>
        <Big onClick={() => run({ type: 'pass' })} shortcut="P" testId="clerk-pass" color="inherit">
          {t('live.pass')}
        </Big>
        <Big
          onClick={() => run({ type: 'undo' })}
          disabled={!view.canUndo}
          shortcut="U"
          testId="clerk-undo"
          color="inherit"
        >
          {t('live.undo')}
        </Big>
        <Big
          onClick={() => run({ type: lot.status === 'paused' ? 'resume' : 'pause' })}
          shortcut={t('live.space')}
          testId="clerk-pause"
          color="inherit"
        >
          {lot.status === 'paused' ? t('live.resume') : t('live.pause')}
        </Big>
      </Box>
      {belowReserve && lot.leading && reserve !== null && (
        <Typography
          id="clerk-sold-reason"
          data-testid="clerk-sold-reason"
          variant="body2"
          sx={{ color: 'warning.dark', fontWeight: 500 }}
        >
          {t('live.soldBelowReserve', { amount: formatUsd(reserve) })}
        </Typography>
      )}
    </>
  );
}
