import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CONDITION_GRADE_LABELS, type ConditionGrade } from '@knotwork/shared/constants/catalogue';
import { paths } from '@/config/paths.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { Paragraphs } from './paragraphs.tsx';

/** The specialist's written condition report, with the grade it sums up to and an offer of more detail. */
export function ConditionReport({ grade, report }: { grade: ConditionGrade; report: string }) {
  const { t } = useTranslation('rug');
  return (
    <Box component="section" aria-labelledby="condition-title" data-testid="condition-report">
      <Typography variant="overline" component="h2" id="condition-title" sx={{ color: 'accent.dark' }}>
        {t('condition.title')}
      </Typography>
      <Typography variant="h5" component="p" sx={{ mt: 1, mb: 4, fontWeight: 400 }}>
        {t('condition.grade', {
          grade: vocabularyLabel(t, 'conditionGrades', grade, CONDITION_GRADE_LABELS[grade]),
        })}
      </Typography>
      {report.trim() ? (
        <Paragraphs text={report} />
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('condition.none')}</Typography>
      )}
      <Typography variant="body2" sx={{ mt: 5, color: 'text.secondary' }}>
        {t('condition.more')}{' '}
        <Link component={RouterLink} to={paths.contactUs.href()} underline="always">
          {t('condition.ask')}
        </Link>
      </Typography>
    </Box>
  );
}
