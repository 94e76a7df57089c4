import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import SquareFootOutlined from '@mui/icons-material/SquareFootOutlined';
import { useTranslation } from 'react-i18next';
import type { PlannedRug } from '../lib/planned-rug.ts';

// The planner (its SVG, geometry and forms) loads only when a buyer opens it: the rug page's first chunk stays as it was.
const loadDialog = () => import('./room-plan-dialog.tsx');
const RoomPlanDialog = lazy(loadDialog);

function OpenButton({ rug }: { rug: PlannedRug }) {
  const { t } = useTranslation('room-plan');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<SquareFootOutlined />}
        onClick={() => setOpen(true)}
        // Fetch the planner while the pointer is on its way, so it opens at once.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-haspopup="dialog"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('open')}
      </Button>
      {open && (
        <Suspense
          fallback={
            <Box role="status" aria-label={t('loading')} sx={{ display: 'inline-flex', ms: 3 }}>
              <CircularProgress size={20} />
            </Box>
          }
        >
          <RoomPlanDialog rug={rug} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * "See it in my room" on the rug page (issue 14.4). Its words are a namespace of their own, loaded beside the page;
 * the fallback holds the button's height so nothing below it jumps when they arrive.
 */
export function RoomPlanButton({ rug }: { rug: PlannedRug }) {
  return (
    <Suspense fallback={<Box sx={{ minHeight: 40 }} />}>
      <OpenButton rug={rug} />
    </Suspense>
  );
}
