import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_STATUSES,
  REPLY_MAX,
  type AdminMessageSummary,
} from '@knotwork/shared/schemas/contact-staff';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import {
  useContactMessage,
  useContactMessages,
  useReplyToMessage,
  useSetMessageStatus,
  type ContactStatus,
} from '../api/contact-messages.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { houseMessage } from '../../shell/house-message.ts';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';

/** A new message stands out (filled); answered and closed ones are quiet (outlined). Text keeps full contrast. */
function StatusChip({ status }: { status: ContactStatus }) {
  const { t } = useTranslation('admin-house');
  return (
    <Chip
      size="small"
      variant={status === 'new' ? 'filled' : 'outlined'}
      label={t(`contact.status.${status}`)}
    />
  );
}

/** One message: what the sender wrote, the replies sent, a reply box (e-mailed) and the status. */
function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin-house');
  const { can } = useCan();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const message = useContactMessage(id);
  const reply = useReplyToMessage(id);
  const setStatus = useSetMessageStatus(id);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');
  const manage = can('manage', 'message');
  const m = message.data;
  const send = () =>
    reply.mutate(body, {
      onSuccess: (res) => {
        notify.success(houseMessage(res.message));
        setBody('');
        setError('');
      },
      onError: (e) => {
        if (e instanceof ApiError) setError(e.fieldErrors.body ?? '');
        notify.error(houseMessage(e.message));
      },
    });
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="contact-message-title"
    >
      <DialogTitle id="contact-message-title">
        {m ? t('contact.from', { name: m.name }) : t('contact.message')}
      </DialogTitle>
      <DialogContent>
        {message.isLoading ? (
          <Box
            role="status"
            aria-label={t('admin:common.loading')}
            sx={{ display: 'grid', placeItems: 'center', py: 10 }}
          >
            <CircularProgress size={28} aria-label={t('admin:common.loading')} />
          </Box>
        ) : !m ? (
          <ErrorState
            message={t('admin:common.loadFailed')}
            retryLabel={t('admin:common.retry')}
            onRetry={() => void message.refetch()}
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 4 }}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusChip status={m.status} />
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {m.email} · {m.mobileNumber} · {new Date(m.createdAt).toLocaleString()}
              </Typography>
            </Box>
            <Paper variant="outlined" sx={{ p: 4, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Typography variant="body1" data-testid="contact-message-body">
                {m.message}
              </Typography>
            </Paper>
            {m.replies.map((r) => (
              <Paper
                key={r.id}
                variant="outlined"
                sx={{ p: 4, bgcolor: 'background.subtle', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
                  {t('contact.replied', {
                    name: r.staffName ?? '—',
                    at: new Date(r.createdAt).toLocaleString(),
                  })}
                </Typography>
                <Typography variant="body2">{r.body}</Typography>
              </Paper>
            ))}
            {manage && (
              <>
                <Alert severity="info" variant="outlined">
                  {t('contact.replyLanguage', { language: t(`contact.languages.${m.language}`) })}
                </Alert>
                <TextField
                  label={t('contact.reply')}
                  value={body}
                  multiline
                  minRows={4}
                  onChange={(e) => setBody(e.target.value)}
                  error={Boolean(error)}
                  helperText={houseMessage(error)}
                  slotProps={{ htmlInput: { maxLength: REPLY_MAX } }}
                />
                <TextField
                  select
                  size="small"
                  label={t('contact.columns.status')}
                  value={m.status}
                  disabled={setStatus.isPending}
                  onChange={(e) =>
                    setStatus.mutate(e.target.value as ContactStatus, {
                      onSuccess: (res) => notify.success(houseMessage(res.message)),
                      onError: (err) => notify.error(houseMessage(err.message)),
                    })
                  }
                  sx={{ maxWidth: 240 }}
                >
                  {CONTACT_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`contact.status.${s}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin:common.close')}</Button>
        {manage && m && (
          <Button variant="contained" onClick={send} disabled={reply.isPending || !body.trim()}>
            {t('contact.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** /admin/contact: the contact form's messages, new first by default; each opens to be read and answered. */
export default function ContactMessagesPage() {
  const { t } = useTranslation('admin-house');
  const { can } = useCan();
  const grid = useServerGrid<'createdAt'>({ field: 'createdAt', sort: 'desc' });
  const [status, setStatus] = useState<ContactStatus | ''>('new');
  const [open, setOpen] = useState<string | null>(null);
  const list = useContactMessages(
    { page: grid.query.page, pageSize: grid.query.pageSize, ...(status ? { status } : {}) },
    can('read', 'message'),
  );
  const columns = useMemo<GridColDef<AdminMessageSummary>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('contact.columns.received'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => new Date(v).toLocaleString(),
      },
      { field: 'name', headerName: t('contact.columns.name'), width: 160, sortable: false },
      { field: 'excerpt', headerName: t('contact.columns.message'), flex: 1, minWidth: 220, sortable: false },
      {
        field: 'status',
        headerName: t('contact.columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }: { row: AdminMessageSummary }) => <StatusChip status={row.status} />,
      },
    ],
    [t],
  );
  return (
    <AdminPage title={t('contact.title')} subject="message">
      <TextField
        select
        size="small"
        label={t('contact.columns.status')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as ContactStatus | '');
          grid.resetPage();
        }}
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">{t('admin:common.all')}</MenuItem>
        {CONTACT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`contact.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <AdminGrid<AdminMessageSummary>
        label={t('contact.title')}
        emptyLabel={t('contact.empty')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => setOpen(row.id)}
      />
      {open && <MessageDialog id={open} onClose={() => setOpen(null)} />}
    </AdminPage>
  );
}
