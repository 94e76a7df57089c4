import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WALLS, type Clearances } from '@knotwork/shared/room-plan/geometry';
import { formatLength, type SizeUnit } from '@/lib/units.ts';

/** The floor left between the rug and each wall, in words beside the drawing (what the dimension lines say). */
export function ClearanceList({ gaps, unit }: { gaps: Clearances; unit: SizeUnit }) {
  const { t } = useTranslation('room-plan');
  return (
    <Box component="section" aria-labelledby="room-plan-walls">
      <Typography id="room-plan-walls" variant="overline" component="h3" sx={{ color: 'accent.dark' }}>
        {t('walls.heading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          columnGap: 4,
          rowGap: 1,
        }}
      >
        {WALLS.map((wall) => {
          const value = Math.round(gaps[wall]);
          return (
            <Box
              key={wall}
              data-testid={`clearance-${wall}`}
              sx={{ display: 'flex', gap: 2, alignItems: 'baseline' }}
            >
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`walls.${wall}`)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  fontWeight: 600,
                  fontVariantNumeric: 'tabular-nums',
                  color: value < 0 ? 'error.main' : 'text.primary',
                }}
              >
                <bdi dir={unit === 'ftIn' ? 'ltr' : undefined} data-testid="clearance-value">
                  {value < 0
                    ? t('walls.over', { length: formatLength(-value, unit) })
                    : formatLength(value, unit)}
                </bdi>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
