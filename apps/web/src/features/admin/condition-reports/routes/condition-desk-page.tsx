import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PlagiarismOutlined from '@mui/icons-material/PlagiarismOutlined';
import { useTranslation } from 'react-i18next';
import { conditionDeskFilters, type ConditionDeskFilter } from '@knotwork/shared/schemas/condition-reports';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useConditionDesk } from '../api/condition-desk.ts';
import { RequestCard } from '../components/request-card.tsx';

const isFilter = (v: string | null): v is ConditionDeskFilter =>
  (conditionDeskFilters as readonly (string | null)[]).includes(v);

/**
 * /admin/condition-reports (issue 29 §2, decision 095): the specialist desk. Open requests come overdue first, then by
 * due time, each with its clock; the tab is in the URL so the dashboard can link to the overdue ones.
 */
export default function ConditionDeskPage() {
  const { t } = useTranslation('admin-condition-reports');
  const [params, setParams] = useSearchParams();
  const status: ConditionDeskFilter = isFilter(params.get('status'))
    ? (params.get('status') as ConditionDeskFilter)
    : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useConditionDesk(status, page);
  const rows = list.data?.data;
  const counts = list.data?.counts;
  const go = (next: { status?: ConditionDeskFilter; page?: number }) =>
    setParams(
      (p) => {
        if (next.status) p.set('status', next.status);
        p.set('page', String(next.page ?? 1));
        return p;
      },
      { replace: true },
    );
  return (
    <AdminPage title={t('title')} subject="condition">
      <Tabs
        value={status}
        onChange={(_e, v: ConditionDeskFilter) => go({ status: v })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('filter')}
      >
        {conditionDeskFilters.map((f) => (
          <Tab key={f} value={f} label={t(`filters.${f}`, { count: f === 'all' ? 0 : (counts?.[f] ?? 0) })} />
        ))}
      </Tabs>
      {list.isError ? (
        <ErrorState
          message={`${t('loadFailed')} ${adminMessage(list.error.message)}`}
          retryLabel={t('retry')}
          onRetry={() => void list.refetch()}
        />
      ) : !rows || !list.data ? (
        <Box aria-busy="true" sx={{ display: 'grid', gap: 3 }}>
          <Skeleton variant="rounded" height={110} />
          <Skeleton variant="rounded" height={110} />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyState icon={<PlagiarismOutlined />} title={t(`empty.${status}`)} />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 3 }} data-testid="condition-desk">
          {rows.map((r) => (
            <RequestCard key={r.id} request={r} serverNow={list.data.serverNow} />
          ))}
        </Box>
      )}
      {(list.data?.meta.totalPages ?? 0) > 1 && (
        <Pagination
          count={list.data!.meta.totalPages}
          page={page}
          onChange={(_e, p) => go({ page: p })}
          sx={{ justifySelf: 'center' }}
        />
      )}
    </AdminPage>
  );
}
