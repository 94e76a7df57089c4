import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AGE_CLASS_LABELS } from '@knotwork/shared/constants/catalogue';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { paths } from '@/config/paths.ts';
import { formatEstimate } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { SizeUnitToggle } from '@/components/ui/size-unit-toggle.tsx';
import { RugSizes } from './rug-sizes.tsx';

/** The rug's name and the facts read first: where it was woven, when, how big, what it is expected to fetch. */
export function RugIntro({ rug }: { rug: RugDetail }) {
  const { t } = useTranslation('rug');
  const origin =
    rug.originRegion === rug.originCountry ? rug.originCountry : `${rug.originRegion} · ${rug.originCountry}`;
  const ageClass = vocabularyLabel(t, 'ageClasses', rug.ageClass, AGE_CLASS_LABELS[rug.ageClass]);
  const age = rug.circaYear ? t('intro.ageCirca', { age: ageClass, year: rug.circaYear }) : ageClass;
  return (
    <Box component="header">
      <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
        {origin}
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mt: 2, fontWeight: 300 }}>
        {rug.title}
      </Typography>
      <Typography variant="body1" sx={{ mt: 3, color: 'text.secondary' }}>
        {age}
      </Typography>
      {/* The same remembered unit as the listing: switching here switches every size on the site. */}
      <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 4, rowGap: 2 }}>
        <Typography variant="body1" component="p">
          <RugSizes widthCm={rug.widthCm} lengthCm={rug.lengthCm} />
        </Typography>
        <SizeUnitToggle />
      </Box>
      <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
        {t('intro.estimate')}{' '}
        <Box
          component="span"
          sx={{ color: 'text.primary', fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatEstimate(rug.estimateLow, rug.estimateHigh)}
        </Box>
        <Approx cents={rug.estimateLow} high={rug.estimateHigh} />
      </Typography>
      {rug.collections.length > 0 && (
        <Box
          component="ul"
          aria-label={t('intro.collections')}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 5, display: 'flex', flexWrap: 'wrap', gap: 2 }}
        >
          {rug.collections.map((c) => (
            <li key={c.id}>
              <Chip
                component={RouterLink}
                to={paths.rugListings.href({ collections: [c.title] })}
                clickable
                variant="outlined"
                size="small"
                label={c.title}
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
