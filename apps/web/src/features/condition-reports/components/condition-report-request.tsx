import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { notify } from '@/lib/toast.ts';
import { formatDateTime } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { useConditionReport } from '../api/get-condition-report.ts';
import { useRequestConditionReport } from '../api/request-condition-report.ts';
import { ReportPhotos } from './report-photos.tsx';

// The form loads when a collector opens it: most visitors never ask.
const RequestDialog = lazy(() => import('./request-dialog.tsx').then((m) => ({ default: m.RequestDialog })));

/** The id the notifications and e-mails link to (`…#condition-report-request`). */
export const CONDITION_SECTION_ID = 'condition-report-request';

/** Plain text as paragraphs (blank lines separate them); never interpreted as HTML. */
function ReportText({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => (
      <Typography key={i} variant="body1" sx={{ whiteSpace: 'pre-line', maxWidth: '68ch' }}>
        {p}
      </Typography>
    ));
}

/**
 * Condition reports on request on the lot page (issue 29 §2, decision 095): the offer to ask (signed out: sign in
 * first, and back), "Condition report available" when the specialist has written one (asking gets it at once), the
 * request waiting with its clock, and the report itself (text and photographs) once it is answered.
 */
export function ConditionReportRequest({ lotId }: { lotId: string }) {
  const { t } = useTranslation('condition-reports');
  const signedIn = useAuthStore((s) => s.user !== null);
  const standing = useConditionReport(lotId);
  // A report that exists already is sent at once: no question to ask, no form.
  const getNow = useRequestConditionReport(lotId);
  const [open, setOpen] = useState(false);
  const data = standing.data;

  const frame = {
    p: { xs: 3, md: 4 },
    borderRadius: `${radius.card}px`,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'background.paper',
    display: 'grid',
    gap: 3,
    justifyItems: 'start',
    scrollMarginTop: 120,
  } as const;
  const heading = (
    <Typography variant="overline" component="h3" sx={{ color: 'accent.dark' }}>
      {data?.report ? t('reportTitle') : t('title')}
    </Typography>
  );

  if (standing.isPending)
    return (
      <Box sx={frame} id={CONDITION_SECTION_ID} role="status" aria-busy="true" aria-label={t('loading')}>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="rounded" height={48} width="100%" />
      </Box>
    );
  if (standing.isError || !data)
    return (
      <Box id={CONDITION_SECTION_ID}>
        <ErrorState
          message={t('error', { reason: errorMessage(standing.error) })}
          retryLabel={t('retry')}
          onRetry={() => void standing.refetch()}
        />
      </Box>
    );

  const hours = t('hours', { count: data.promiseHours });
  const ask = () => {
    if (!signedIn) {
      useAuthDialogStore
        .getState()
        .show('login', { redirectTo: `${window.location.pathname}#${CONDITION_SECTION_ID}` });
      return;
    }
    if (!data.available) return setOpen(true);
    getNow.mutate(
      { question: null },
      { onSuccess: (res) => notify.success(res.message), onError: (err) => notify.fromError(err) },
    );
  };

  if (data.report)
    return (
      <Box sx={frame} id={CONDITION_SECTION_ID} data-testid="condition-report-request" data-state="answered">
        {heading}
        <Typography variant="body2" color="text.secondary">
          {t(data.report.version > 1 ? 'updatedAt' : 'publishedAt', {
            date: formatDateTime(data.report.publishedAt),
          })}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3 }} data-testid="condition-report-body">
          <ReportText text={data.report.body} />
        </Box>
        <Box sx={{ width: '100%' }}>
          <ReportPhotos photos={data.report.photos} />
        </Box>
      </Box>
    );

  if (data.request)
    return (
      <Box sx={frame} id={CONDITION_SECTION_ID} data-testid="condition-report-request" data-state="requested">
        {heading}
        <Chip color="warning" size="small" label={t('requested')} />
        <Typography variant="body2">
          {t('requestedNote', { hours, due: formatDateTime(data.request.dueAt) })}
        </Typography>
        {data.request.question && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('yourQuestion', { question: data.request.question })}
          </Typography>
        )}
      </Box>
    );

  return (
    <Box
      sx={frame}
      id={CONDITION_SECTION_ID}
      data-testid="condition-report-request"
      data-state={data.available ? 'available' : 'none'}
    >
      {heading}
      {data.available && <Chip color="success" size="small" label={t('available')} />}
      <Typography variant="body2" color="text.secondary">
        {data.available ? t('introAvailable') : t('intro', { hours })}
      </Typography>
      <Button variant="outlined" onClick={ask} disabled={getNow.isPending}>
        {data.available ? t('get') : t('request')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RequestDialog lotId={lotId} hours={hours} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
