import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PlagiarismOutlined from '@mui/icons-material/PlagiarismOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { isNotFound } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useCan } from '../../shell/use-can.ts';
import { useConditionLot, type AdminConditionLot } from '../api/condition-lot.ts';
import { ReportEditor } from '../components/report-editor.tsx';
import { RequestCard } from '../components/request-card.tsx';

function Versions({ versions }: { versions: AdminConditionLot['versions'] }) {
  const { t } = useTranslation('admin-condition-reports');
  if (versions.length === 0) return null;
  return (
    <Box component="section" sx={{ display: 'grid', gap: 3 }} aria-labelledby="condition-versions">
      <Typography variant="h6" component="h2" id="condition-versions">
        {t('page.versions')}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 3 }}>
        {versions.map((v) => (
          <Paper
            component="li"
            variant="outlined"
            key={v.version}
            sx={{ p: 3, listStyle: 'none', display: 'grid', gap: 1 }}
            data-testid="condition-version"
          >
            <Typography variant="subtitle2">
              {t('page.version', { version: v.version, date: formatDateTime(v.createdAt) })}
              {v.authorName ? ` · ${t('page.author', { name: v.authorName })}` : ''}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {v.body}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('page.photoCount', { count: v.photos.length })}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /admin/condition-reports/lots/:id (decision 095): the lot (picture, sale, its public page), every request for it
 * with its question and clock, the answer editor (text and photographs; a correction once a report exists) for those
 * who write reports, and the versions sent so far.
 */
export default function ConditionLotPage() {
  const { t } = useTranslation('admin-condition-reports');
  const { id = '' } = useParams();
  const lot = useConditionLot(id);
  const manage = useCan().can('manage', 'condition');
  const data = lot.data;
  const latest = data?.versions[0];
  const title = data ? t('lot', { number: data.lot.lotNumber, title: data.lot.title }) : t('title');

  return (
    <AdminPage title={title} subject="condition">
      <Link
        component={RouterLink}
        to={paths.adminConditionReports.href()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, justifySelf: 'start' }}
      >
        <ArrowBack
          fontSize="small"
          sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
        />
        {t('page.back')}
      </Link>
      {lot.isError ? (
        isNotFound(lot.error) ? (
          <EmptyState icon={<PlagiarismOutlined />} title={t('page.notFound')} />
        ) : (
          <ErrorState
            message={adminMessage(lot.error.message)}
            retryLabel={t('retry')}
            onRetry={() => void lot.refetch()}
          />
        )
      ) : !data ? (
        <Box aria-busy="true" sx={{ display: 'grid', gap: 3 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 6,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 4 }}>
            {data.lot.cover && (
              <ResponsiveImage
                image={data.lot.cover}
                sizes="(min-width: 900px) 420px, 100vw"
                aspectRatio="4 / 5"
                fit="cover"
                eager
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('sale', { title: data.lot.auctionTitle })}
            </Typography>
            <Link component={RouterLink} to={paths.rug.href(data.lot.rugSlug)} target="_blank">
              {t('page.viewLot')}
            </Link>
            <Box component="section" sx={{ display: 'grid', gap: 3 }} aria-labelledby="condition-requests">
              <Typography variant="h6" component="h2" id="condition-requests">
                {t('page.requests', { count: data.requests.length })}
              </Typography>
              {data.requests.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('page.noRequests')}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 2 }}>
                  {data.requests.map((r) => (
                    <RequestCard key={r.id} request={r} serverNow={data.serverNow} inLot />
                  ))}
                </Box>
              )}
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 6 }}>
            <Box component="section" sx={{ display: 'grid', gap: 3 }} aria-labelledby="condition-answer">
              <Typography variant="h6" component="h2" id="condition-answer">
                {latest ? t('page.correct') : t('page.answer')}
              </Typography>
              {manage ? (
                <ReportEditor
                  // A new version published: the editor starts again from it.
                  key={latest?.version ?? 0}
                  lotId={data.lot.id}
                  initial={{ body: latest?.body ?? '', photos: latest?.photos ?? [] }}
                  correcting={latest !== undefined}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('page.readOnly')}
                </Typography>
              )}
            </Box>
            <Versions versions={data.versions} />
          </Box>
        </Box>
      )}
    </AdminPage>
  );
}
