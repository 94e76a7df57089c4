import { useState } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useIdentityChecks, type IdentityFilter } from '../api/identity-checks.ts';
import { IdentityCheckCard } from '../components/identity-check-card.tsx';

const filters: IdentityFilter[] = ['pending', 'approved', 'rejected', 'all'];

/** /admin/identity-checks (issue 28 §3, decision 093): the review queue, oldest first, and the reviewed checks. */
export default function IdentityChecksPage() {
  const { t } = useTranslation('admin-house');
  const [filter, setFilter] = useState<IdentityFilter>('pending');
  const [page, setPage] = useState(1);
  const list = useIdentityChecks(filter, page);
  const rows = list.data?.data;
  return (
    <AdminPage title={t('identity.title')} subject="identity">
      <Tabs
        value={filter}
        onChange={(_e, v: IdentityFilter) => {
          setFilter(v);
          setPage(1);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('identity.filter')}
      >
        {filters.map((f) => (
          <Tab key={f} value={f} label={t(`identity.filters.${f}`)} />
        ))}
      </Tabs>
      {list.isError ? (
        <ErrorState
          message={adminMessage(list.error.message)}
          retryLabel={t('identity.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : !rows ? (
        <Box aria-busy="true" sx={{ display: 'grid', gap: 3 }}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : rows.length === 0 ? (
        <EmptyState icon={<BadgeOutlined />} title={t(`identity.empty.${filter}`)} />
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, display: 'grid', gap: 3 }}>
          {rows.map((check) => (
            <IdentityCheckCard key={check.id} check={check} />
          ))}
        </Box>
      )}
      {(list.data?.meta.totalPages ?? 0) > 1 && (
        <Pagination
          count={list.data!.meta.totalPages}
          page={page}
          onChange={(_e, p) => setPage(p)}
          sx={{ justifySelf: 'center' }}
        />
      )}
    </AdminPage>
  );
}
