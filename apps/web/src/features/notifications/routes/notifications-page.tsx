import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { paths } from '@/config/paths.ts';
import { useNotifications, type NotificationItem } from '../api/get-notifications.ts';
import { notificationTarget } from '../lib/notification-target.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { NotificationRow } from '../components/notification-row.tsx';

/**
 * /notification: the signed-in user's notifications, newest first, page by page. Opening one marks it read
 * and follows its link (the lot, My Items; a won or bought lot's checkout); "Mark all as read" clears the bell.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const loading = useAuthStore((s) => s.loading);
  const unread = useAuthStore((s) => s.unReadNotificationCount);
  const showDialog = useAuthDialogStore((s) => s.show);
  const query = useNotifications(page);
  const markRead = useMarkRead();

  const open = (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ body: { ids: [item.id] }, silent: true });
    const target = notificationTarget(item);
    if (target) void navigate(target);
  };

  let content;
  if (!signedIn && !loading) {
    content = (
      <EmptyState
        icon={<NotificationsNoneOutlined />}
        title={t('signInPrompt')}
        action={
          <Button
            variant="contained"
            onClick={() => showDialog('login', { redirectTo: paths.notifications.href() })}
          >
            {t('signIn')}
          </Button>
        }
      />
    );
  } else if (query.isPending) {
    content = (
      <Stack spacing={3} sx={{ p: 4 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={64} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    content = (
      <Alert
        severity="error"
        sx={{ m: 4 }}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      >
        {errorMessage(query.error)}
      </Alert>
    );
  } else if (query.data.data.length === 0) {
    content = (
      <EmptyState icon={<NotificationsNoneOutlined />} title={t('empty')} description={t('emptyHint')} />
    );
  } else {
    content = (
      <List disablePadding data-testid="notification-list">
        {query.data.data.map((item) => (
          <NotificationRow key={item.id} item={item} onOpen={() => open(item)} />
        ))}
      </List>
    );
  }

  const totalPages = query.data?.meta.totalPages ?? 1;
  const unreadCount = query.data?.unreadCount ?? unread;
  return (
    <>
      <PageHeader
        overline={t('overline')}
        title={t('title')}
        intro={signedIn ? t('unreadSummary', { count: unread }) : undefined}
      />
      <PageContainer sx={{ py: { xs: 10, md: 14 }, maxWidth: 960 }}>
        {signedIn && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 3 }}>
            <Button
              startIcon={<DoneAllOutlined />}
              color="inherit"
              disabled={unreadCount === 0 && unread === 0}
              onClick={() => markRead.mutate({ body: { all: true } })}
            >
              {t('markAllRead')}
            </Button>
          </Box>
        )}
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {content}
        </Paper>
        {totalPages > 1 && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
            <Pagination count={totalPages} page={page} onChange={(_, p) => setPage(p)} />
          </Box>
        )}
      </PageContainer>
    </>
  );
}
