import { useEffect, useId, useMemo, useReducer, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import Rotate90DegreesCwOutlined from '@mui/icons-material/Rotate90DegreesCwOutlined';
import { useTranslation } from 'react-i18next';
import { clearances, isOutsideRoom, overlaps } from '@knotwork/shared/room-plan/geometry';
import { formatLengthInput } from '@knotwork/shared/room-plan/lengths';
import { SizeUnitToggle } from '@/components/ui/size-unit-toggle.tsx';
import { formatLength, formatSize, useSizeUnit } from '@/lib/units.ts';
import { readLength, ROOM_LIMITS_CM } from '../lib/length-input.ts';
import { useLengthInput } from '../lib/use-length-input.ts';
import { initialPlan, planReducer, TURN_STEP_DEGREES } from '../lib/plan-state.ts';
import { readStoredRoom, storeRoom } from '../lib/room-storage.ts';
import { ClearanceList } from './clearance-list.tsx';
import { FurniturePanel } from './furniture-panel.tsx';
import { isolate, LengthField } from './length-field.tsx';
import type { PlannedRug } from '../lib/planned-rug.ts';
import { PlanSvg } from './plan-svg.tsx';

/**
 * "See it in my room" (issue 14.4): the buyer's room to scale with the rug on it, moved and turned by pointer or
 * keyboard, the floor left to each wall, and their furniture. Full screen on a phone. The room and its furniture are
 * remembered in this browser for the next rug; the unit is the site's size preference.
 */
export default function RoomPlanDialog({ rug, onClose }: { rug: PlannedRug; onClose: () => void }) {
  const { t, i18n } = useTranslation('room-plan');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { unit } = useSizeUnit();
  const helpId = useId();
  const stored = useMemo(readStoredRoom, []);
  const [state, dispatch] = useReducer(planReducer, undefined, () =>
    initialPlan(
      { widthCm: rug.widthCm, lengthCm: rug.lengthCm, round: rug.shape === 'round' || rug.shape === 'oval' },
      stored?.room ?? null,
      stored?.furniture,
    ),
  );
  const length = useLengthInput(
    unit,
    ROOM_LIMITS_CM,
    stored ? formatLengthInput(stored.room.length, unit) : '',
  );
  const width = useLengthInput(
    unit,
    ROOM_LIMITS_CM,
    stored ? formatLengthInput(stored.room.width, unit) : '',
  );
  const { value: lengthText, setValue: setLengthText, reading: lengthReading } = length;
  const { value: widthText, setValue: setWidthText, reading: widthReading } = width;
  const [settled, setSettled] = useState(0);
  const [announcement, setAnnouncement] = useState('');

  // The plan follows the fields as soon as both hold a size a room can have. A field that still shows the plan's
  // side as written in this unit keeps it exactly, so switching cm and ft-in never moves a wall by the rounding.
  useEffect(() => {
    if (!lengthReading.ok || !widthReading.ok) return;
    const room = state.room;
    const keep = (text: string, cm: number | undefined, typed: number) =>
      cm !== undefined && formatLengthInput(cm, unit) === text.trim() ? cm : typed;
    const roomLength = keep(lengthText, room?.length, lengthReading.cm);
    const roomWidth = keep(widthText, room?.width, widthReading.cm);
    if (room && room.length === roomLength && room.width === roomWidth) return;
    dispatch({ type: 'setRoom', room: { width: roomWidth, length: roomLength } });
  }, [lengthReading, widthReading, lengthText, widthText, unit, state.room]);

  // A new unit rewrites what the fields show, from the room as the plan has it.
  const [shownUnit, setShownUnit] = useState(unit);
  if (shownUnit !== unit) {
    setShownUnit(unit);
    // Only fields that held the plan's room in the old unit; a half-typed value is left for the buyer to finish.
    const heldRoom = [lengthText, widthText].every((text) => readLength(text, shownUnit, ROOM_LIMITS_CM).ok);
    if (state.room && heldRoom) {
      setLengthText(formatLengthInput(state.room.length, unit));
      setWidthText(formatLengthInput(state.room.width, unit));
    }
  }

  useEffect(() => {
    if (state.room) storeRoom({ room: state.room, furniture: state.furniture });
  }, [state.room, state.furniture]);

  const gaps = state.room ? clearances(state.room, state.rug) : null;
  const tooBig = state.room ? isOutsideRoom(state.room, state.rug) : false;
  const under = state.furniture.filter((f) => overlaps(state.rug, f.piece)).map((f) => f.name);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });

  // After a move has ended (a key, a drop, a button), say where the rug now lies; not on every step of a drag.
  useEffect(() => {
    if (!settled || !gaps) return;
    const value = (n: number) => isolate(formatLength(Math.round(n), unit));
    setAnnouncement(
      t('announce', {
        top: value(gaps.top),
        right: value(gaps.right),
        bottom: value(gaps.bottom),
        left: value(gaps.left),
      }),
    );
    // Only a new settle announces; the numbers are read as they are then.
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSettled = () => setSettled((n) => n + 1);

  const rugImage = rug.image ?? rug.images[0] ?? null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-labelledby={`${helpId}-title`}
      slotProps={{
        paper: { 'data-testid': 'room-plan-dialog', sx: phone ? { borderRadius: 0 } : {} } as object,
      }}
    >
      <DialogTitle id={`${helpId}-title`} component="h2" sx={{ pe: 14, pb: 1 }}>
        {t('title')}
        <Typography
          variant="body2"
          component="span"
          sx={{ display: 'block', color: 'text.secondary', mt: 1 }}
        >
          {/* Each part isolated: an English title beside an Arabic size would otherwise interleave. */}
          <bdi>{rug.title}</bdi> ·{' '}
          <bdi dir={unit === 'ftIn' ? 'ltr' : undefined}>{formatSize(rug.widthCm, rug.lengthCm, unit)}</bdi>
        </Typography>
      </DialogTitle>
      <IconButton
        aria-label={t('close')}
        onClick={onClose}
        sx={{ position: 'absolute', insetInlineEnd: 12, top: 12, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent
        sx={{
          display: 'grid',
          gap: { xs: 6, md: 8 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 4fr) minmax(0, 8fr)' },
          gridTemplateAreas: { xs: '"room" "plan" "furniture"', md: '"room plan" "furniture plan"' },
          // The plan spans both rows; the room's row keeps its own height and the furniture follows it.
          gridTemplateRows: { md: 'auto 1fr' },
          alignItems: 'start',
          pt: '8px !important',
        }}
      >
        <Box
          component="section"
          aria-labelledby={`${helpId}-room`}
          sx={{ gridArea: 'room', display: 'grid', gap: 3 }}
        >
          <Typography id={`${helpId}-room`} variant="h6" component="h3">
            {t('room.heading')}
          </Typography>
          <SizeUnitToggle />
          <LengthField label={t('room.length')} input={length} />
          <LengthField label={t('room.width')} input={width} />
        </Box>

        <Box sx={{ gridArea: 'plan', display: 'grid', gap: 4, minWidth: 0 }}>
          {state.room && gaps ? (
            <>
              <PlanSvg
                state={state}
                room={state.room}
                unit={unit}
                rugTitle={rug.title}
                rugImage={rugImage ? { url: rugImage.fallback, color: rugImage.color } : null}
                dispatch={dispatch}
                onSettled={onSettled}
                describedBy={`${helpId}-help`}
              />
              <Typography id={`${helpId}-help`} variant="caption" sx={{ color: 'text.secondary' }}>
                {t('plan.keys')}{' '}
                {t('plan.grid', { size: isolate(unit === 'cm' ? formatLength(50, 'cm') : `2'0"`) })}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 4, rowGap: 2 }}>
                <Button
                  variant="outlined"
                  color="inherit"
                  size="small"
                  startIcon={<Rotate90DegreesCwOutlined />}
                  onClick={() => {
                    dispatch({ type: 'turnBy', id: 'rug', degrees: 90 });
                    onSettled();
                  }}
                >
                  {t('controls.quarter')}
                </Button>
                <Box
                  sx={{
                    flex: '1 1 180px',
                    display: 'flex',
                    alignItems: 'center',
                    gap: 3,
                    minWidth: 0,
                    px: 2,
                  }}
                >
                  <Typography id={`${helpId}-angle`} variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('controls.angle')}
                  </Typography>
                  <Slider
                    value={state.rug.angle}
                    min={0}
                    max={180 - TURN_STEP_DEGREES}
                    step={TURN_STEP_DEGREES}
                    marks
                    size="small"
                    valueLabelDisplay="auto"
                    valueLabelFormat={(v) => t('controls.angleValue', { angle: v })}
                    getAriaValueText={(v) => t('controls.angleValue', { angle: v })}
                    slotProps={{ input: { 'aria-labelledby': `${helpId}-angle` } }}
                    onChange={(_, value) => dispatch({ type: 'turnTo', id: 'rug', angle: value })}
                    onChangeCommitted={onSettled}
                  />
                </Box>
                <Button
                  variant="text"
                  color="inherit"
                  size="small"
                  onClick={() => {
                    dispatch({ type: 'centre', id: 'rug' });
                    onSettled();
                  }}
                >
                  {t('controls.centre')}
                </Button>
              </Box>
              <ClearanceList gaps={gaps} unit={unit} />
              {tooBig && <Alert severity="warning">{t('warnings.tooBig')}</Alert>}
              {under.length > 0 && (
                <Alert severity="info" data-testid="under-furniture">
                  {t('warnings.under', { names: list.format(under) })}
                </Alert>
              )}
            </>
          ) : (
            <Box
              sx={{
                border: 1,
                borderStyle: 'dashed',
                borderColor: 'divider',
                borderRadius: 2,
                p: { xs: 6, md: 10 },
                textAlign: 'center',
                color: 'text.secondary',
              }}
            >
              <Typography variant="body1">{t('empty')}</Typography>
            </Box>
          )}
          {/* Read out after each move: the floor left to each wall. */}
          <Box role="status" aria-live="polite" data-testid="room-plan-announcement" sx={visuallyHidden}>
            {announcement}
          </Box>
        </Box>

        <Box sx={{ gridArea: 'furniture' }}>
          <FurniturePanel
            furniture={state.furniture}
            unit={unit}
            dispatch={dispatch}
            disabled={!state.room}
          />
        </Box>
      </DialogContent>
    </Dialog>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
