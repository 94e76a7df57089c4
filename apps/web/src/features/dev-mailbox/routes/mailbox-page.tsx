import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { formatMediumDateTime } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useMailbox, type MailboxMessage } from '../api/get-mailbox.ts';

/**
 * /dev/mailbox (staff, development servers only): the e-mails the server sent or kept (sign-up codes,
 * resets). Only the plain-text body is rendered: never the HTML, which could carry script.
 */
export default function MailboxPage() {
  const { t } = useTranslation('notifications');
  const mailbox = useMailbox();
  const off = isNotFound(mailbox.error);
  // Staff only: a signed-in non-staff user gets 403 (an anonymous one 401, which sends them to sign in).
  const staffOnly = mailbox.error instanceof ApiError && mailbox.error.status === 403;

  return (
    <PageContainer sx={{ py: { xs: 8, md: 12 }, maxWidth: 960 }}>
      <Stack
        direction="row"
        alignItems="baseline"
        justifyContent="space-between"
        flexWrap="wrap"
        gap={2}
        sx={{ mb: 4 }}
      >
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {t('devMailbox.title')}
        </Typography>
        {!off && !mailbox.isError && (
          <Typography variant="caption" color="text.secondary">
            {t('devMailbox.refreshing')}
          </Typography>
        )}
      </Stack>
      <Alert severity="warning" variant="outlined" sx={{ mb: 6 }} data-testid="dev-mailbox-banner">
        {t('devMailbox.banner')}
      </Alert>
      {off ? (
        <Alert severity="info" data-testid="dev-mailbox-off">
          {t('devMailbox.off')}
        </Alert>
      ) : staffOnly ? (
        <Alert severity="info" data-testid="dev-mailbox-staff-only">
          {t('devMailbox.staffOnly')}
        </Alert>
      ) : mailbox.isError ? (
        <Alert severity="error">{`${t('devMailbox.loadFailed')}: ${errorMessage(mailbox.error)}`}</Alert>
      ) : mailbox.isPending ? (
        <Stack spacing={4}>
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      ) : mailbox.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 12, textAlign: 'center' }}>
          {t('devMailbox.empty')}
        </Typography>
      ) : (
        <Stack spacing={4} data-testid="dev-mailbox-list">
          {mailbox.data.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </PageContainer>
  );
}

function MessageCard({ message }: { message: MailboxMessage }) {
  const { t } = useTranslation('notifications');
  // The server's delivery status word (logged, sent, failed); one it adds later shows as sent.
  const statusLabel = t(`devMailbox.statuses.${message.status}`, { defaultValue: message.status });
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: { xs: 4, md: 6 } }}
      data-testid="dev-mailbox-message"
    >
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={4} flexWrap="wrap">
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {message.subject}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('devMailbox.to')}: {message.to}
          </Typography>
        </Box>
        <Stack alignItems="flex-end" spacing={1}>
          <Chip size="small" label={statusLabel} aria-label={`${t('devMailbox.status')}: ${statusLabel}`} />
          <Typography variant="caption" color="text.secondary">
            {formatMediumDateTime(message.createdAt)}
          </Typography>
        </Stack>
      </Stack>
      <Box
        component="pre"
        sx={{
          mt: 4,
          mb: 0,
          p: 4,
          bgcolor: 'action.hover',
          borderRadius: `${radius.field}px`,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.85rem',
        }}
      >
        {message.text}
      </Box>
    </Paper>
  );
}
