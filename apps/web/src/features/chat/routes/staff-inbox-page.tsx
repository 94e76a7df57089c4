import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { AdminChatSummary, ChatStatus } from '@knotwork/shared/schemas/chat';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { translateMessage } from '@/lib/messages.ts';
import {
  chatKeys,
  getInboxConversation,
  listInbox,
  listStaff,
  replyAsStaff,
  updateConversation,
} from '../api/chat-api.ts';
import { ChatThread } from '../components/chat-thread.tsx';
import { CustomerCard } from '../components/customer-card.tsx';
import { useStaffInboxLive } from '../hooks/use-staff-inbox.ts';
import { can } from '@knotwork/shared/abilities/staff';

type Filter = ChatStatus | 'all';
/** Container queries on the inbox's own width (see Inbox). */
const TWO_PANES = '@container (min-width: 760px)';
const THREE_PANES = '@container (min-width: 1080px)';
const FILTERS: Filter[] = ['open', 'pending', 'resolved', 'all'];

/**
 * The staff chat inbox (issue 12.2, decision 050), self-contained so the back office can mount it in its own
 * navigation: conversations longest-waiting first, the thread with status and assignee, the customer beside it.
 * Mounted in the back office, whose layout sends a signed-out visitor to sign in and a collector to /404; a staff
 * role without the chat ability sees the back office's own 403 ("Not part of your role"), never /401's "Please
 * sign in", which this page used to redirect to before the back office existed (decision 076).
 */
export default function StaffInboxPage() {
  const { t } = useTranslation('chat');
  const user = useAuthStore((s) => s.user);
  const loading = useAuthStore((s) => s.loading);
  const location = useLocation();
  if (!user && loading) return <Busy label={t('loading')} />;
  if (!user) return <Navigate to={paths.login.href(`${location.pathname}${location.search}`)} replace />;
  if (!can(user.role, 'read', 'chat')) {
    return (
      <EmptyState
        icon={<LockOutlined />}
        title={t('forbidden.title', { ns: 'admin' })}
        description={t('forbidden.body', { ns: 'admin' })}
        headingComponent="h1"
      />
    );
  }
  return <Inbox />;
}

function Inbox() {
  const { t } = useTranslation('chat');
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const [filter, setFilter] = useState<Filter>('open');
  useStaffInboxLive(selectedId);
  const list = useQuery({ queryKey: chatKeys.inbox(filter), queryFn: () => listInbox(filter) });
  const select = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }} data-testid="chat-inbox">
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        {t('inbox.title')}
      </Typography>
      {/* Laid out by the width the page is given, not the screen's: inside the back office's side navigation a
          1280 px screen leaves about 1000 px, too little for three panes. */}
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: 'minmax(0, 1fr)',
            alignItems: 'start',
            [TWO_PANES]: { gridTemplateColumns: '300px minmax(0, 1fr)' },
            [THREE_PANES]: { gridTemplateColumns: '300px minmax(0, 1fr) 300px' },
          }}
        >
          <Paper
            variant="outlined"
            sx={{ display: selectedId ? 'none' : 'block', [TWO_PANES]: { display: 'block' } }}
          >
            <Tabs
              value={filter}
              onChange={(_, v: Filter) => setFilter(v)}
              variant="fullWidth"
              aria-label={t('inbox.filter')}
            >
              {FILTERS.map((f) => (
                <Tab
                  key={f}
                  value={f}
                  label={f === 'all' ? t('inbox.all') : t(`status.${f}`)}
                  data-testid={`chat-inbox-filter-${f}`}
                  sx={{ minWidth: 0, px: 1, fontSize: '0.8125rem' }}
                />
              ))}
            </Tabs>
            {list.isPending && <Busy label={t('loading')} />}
            {list.isError && (
              <Alert
                severity="error"
                sx={{ m: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                    {t('retry')}
                  </Button>
                }
              >
                {t('errors.load')}
              </Alert>
            )}
            {list.data?.length === 0 && (
              <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
                {t('inbox.empty')}
              </Typography>
            )}
            <List disablePadding data-testid="chat-inbox-list">
              {list.data?.map((c) => (
                <Row key={c.id} c={c} selected={c.id === selectedId} onClick={() => select(c.id)} />
              ))}
            </List>
          </Paper>
          {selectedId ? (
            <Conversation key={selectedId} id={selectedId} onBack={() => select(null)} />
          ) : (
            <Paper
              variant="outlined"
              sx={{ p: 6, textAlign: 'center', display: 'none', [TWO_PANES]: { display: 'block' } }}
            >
              <Typography color="text.secondary">{t('inbox.select')}</Typography>
            </Paper>
          )}
        </Box>
      </Box>
    </Container>
  );
}

function Row({ c, selected, onClick }: { c: AdminChatSummary; selected: boolean; onClick: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <ListItemButton
      selected={selected}
      onClick={onClick}
      data-testid="chat-inbox-row"
      sx={{ display: 'block', borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography
          sx={{
            fontWeight: c.unread > 0 ? 700 : 500,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {c.customer.name ?? c.customer.email}
        </Typography>
        <Badge
          badgeContent={c.unread}
          color="primary"
          aria-label={t('list.unread', { count: c.unread })}
          sx={{ mt: 1.5, me: 1.5 }}
        />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        dir="auto"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {c.lastMessage}
      </Typography>
      <Typography variant="caption" color={c.waitingSince ? 'warning.main' : 'text.secondary'}>
        {t(`status.${c.status}`)}
        {c.waitingSince ? ` · ${t('inbox.waiting', { time: ago(c.waitingSince) })}` : ''}
        {` · ${c.assignee ? c.assignee.name : t('inbox.unassigned')}`}
      </Typography>
    </ListItemButton>
  );
}

/** "5 min", "2 h", "3 d" in the page's language. */
function ago(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  const fmt = (value: number, unit: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(document.documentElement.lang || 'en', {
      style: 'unit',
      unit,
      unitDisplay: 'narrow',
    }).format(value);
  if (minutes < 60) return fmt(minutes, 'minute');
  if (minutes < 48 * 60) return fmt(Math.round(minutes / 60), 'hour');
  return fmt(Math.round(minutes / 1440), 'day');
}

function Conversation({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const key = chatKeys.inboxDetail(id);
  const detail = useQuery({ queryKey: key, queryFn: () => getInboxConversation(id) });
  const staff = useQuery({ queryKey: chatKeys.staff, queryFn: listStaff, staleTime: 60_000 });
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['chat', 'inbox'] });
  const reply = useMutation({
    mutationFn: (body: string) => replyAsStaff(id, body),
    onSuccess: (r) => {
      setNotice(r.emailed ? t('inbox.emailed') : null);
      refresh();
    },
  });
  const update = useMutation({
    mutationFn: (changes: Parameters<typeof updateConversation>[1]) => updateConversation(id, changes),
    onSuccess: (d) => {
      queryClient.setQueryData(key, d);
      refresh();
    },
  });
  const errorText = (err: unknown) =>
    err instanceof ApiError && err.status < 500 ? translateMessage(err.message) : t('errors.generic');

  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}
        data-testid="chat-inbox-conversation"
      >
        <Button
          size="small"
          onClick={onBack}
          startIcon={<ArrowBack sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
          sx={{ alignSelf: 'flex-start', [TWO_PANES]: { display: 'none' } }}
        >
          {t('list.back')}
        </Button>
        {detail.isPending && <Busy label={t('loading')} />}
        {detail.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {isNotFound(detail.error) ? t('errors.notFound') : t('errors.load')}
          </Alert>
        )}
        {detail.data && (
          <>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={t('inbox.status')}
                value={detail.data.status}
                onChange={(e) => update.mutate({ status: e.target.value as ChatStatus })}
                sx={{ minWidth: 160 }}
                slotProps={{ htmlInput: { 'data-testid': 'chat-inbox-status' } }}
              >
                {(['open', 'pending', 'resolved'] as const).map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('inbox.assignee')}
                value={detail.data.assignee?.id ?? ''}
                onChange={(e) => update.mutate({ assigneeId: e.target.value || null })}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="">{t('inbox.unassigned')}</MenuItem>
                {(
                  staff.data ?? (detail.data.assignee ? [{ ...detail.data.assignee, online: false }] : [])
                ).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                    {s.online ? ` · ${t('inbox.online')}` : ''}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {update.isError && <Alert severity="error">{errorText(update.error)}</Alert>}
            <Box sx={{ [THREE_PANES]: { display: 'none' } }}>
              <CustomerCard conversation={detail.data} />
            </Box>
            <ChatThread
              messages={detail.data.messages}
              mine="staff"
              onSend={(body) => reply.mutateAsync(body)}
              sending={reply.isPending}
              sendError={reply.isError ? errorText(reply.error) : null}
              testId="chat-inbox-thread"
              maxHeight="min(520px, 60vh)"
            />
            {notice && (
              <Alert severity="info" data-testid="chat-inbox-emailed" onClose={() => setNotice(null)}>
                {notice}
              </Alert>
            )}
          </>
        )}
      </Paper>
      {detail.data && (
        <Paper variant="outlined" sx={{ p: 3, display: 'none', [THREE_PANES]: { display: 'block' } }}>
          <CustomerCard conversation={detail.data} />
        </Paper>
      )}
    </>
  );
}

function Busy({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <CircularProgress size={28} />
    </Box>
  );
}
