import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDateTime } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import {
  fetchIdentityDocument,
  useReviewIdentityCheck,
  type AdminIdentityCheck,
} from '../api/identity-checks.ts';

const statusColor = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/** One check's status as a chip, in the page's language. */
export function IdentityStatusChip({ status }: { status: AdminIdentityCheck['status'] }) {
  const { t } = useTranslation('admin-house');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status]}
      label={t(`identity.status.${status}`)}
    />
  );
}

/** The document in a dialog: a photo shown, a PDF downloaded. Fetched with the session, never cached. */
function DocumentDialog({ check, onClose }: { check: AdminIdentityCheck; onClose: () => void }) {
  const { t } = useTranslation('admin-house');
  const [doc, setDoc] = useState<{ url: string; type: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchIdentityDocument(check.id).then(
      (d) => {
        url = d.url;
        if (live) setDoc(d);
        else URL.revokeObjectURL(d.url);
      },
      (e: Error) => live && setError(adminMessage(e.message)),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [check.id]);
  const pdf = doc?.type === 'application/pdf';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="identity-document-title">
      <DialogTitle id="identity-document-title">
        {t('identity.documentOf', { name: check.userName, kind: t(`identity.kinds.${check.kind}`) })}
      </DialogTitle>
      <DialogContent>
        {error ? (
          <Typography color="error">{error}</Typography>
        ) : !doc ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('identity.loadingDocument')}</Typography>
        ) : pdf ? (
          <Typography>{t('identity.pdfNote')}</Typography>
        ) : (
          <Box
            component="img"
            src={doc.url}
            alt={t('identity.documentAlt', { name: check.userName })}
            data-testid="identity-document-image"
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {doc && pdf && (
          <Button component="a" href={doc.url} download={doc.name} variant="contained">
            {t('identity.download')}
          </Button>
        )}
        <Button onClick={onClose}>{t('identity.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** One check in the queue or on a bidder's page: who, what, when, the document, and the decision. */
export function IdentityCheckCard({
  check,
  showBuyer = true,
}: {
  check: AdminIdentityCheck;
  showBuyer?: boolean;
}) {
  const { t } = useTranslation('admin-house');
  const { can } = useCan();
  const review = useReviewIdentityCheck();
  const [viewing, setViewing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = (decision: 'approve' | 'reject') =>
    review.mutate(
      { id: check.id, decision, reason: decision === 'reject' ? reason.trim() : undefined },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setRejecting(false);
          setReason('');
        },
        onError: (e) => notify.error(adminMessage(e.message)),
      },
    );
  const manage = can('manage', 'identity') && check.status === 'pending';
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: { xs: 4, md: 5 }, listStyle: 'none' }}
      data-testid="identity-check"
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {showBuyer && (
          <Link component={RouterLink} to={paths.adminBidder.href(check.userId)} variant="subtitle1">
            {check.userName}
          </Link>
        )}
        <IdentityStatusChip status={check.status} />
        {check.deletedAt && <Chip size="small" label={t('identity.deleted')} />}
      </Box>
      {showBuyer && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {check.userEmail}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('identity.sent', { kind: t(`identity.kinds.${check.kind}`), at: formatDateTime(check.createdAt) })}
      </Typography>
      {check.reviewedAt && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('identity.reviewed', { who: check.reviewedBy ?? '—', at: formatDateTime(check.reviewedAt) })}
        </Typography>
      )}
      {check.reason && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('identity.reasonIs', { reason: check.reason })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>
        {!check.deletedAt && (
          <Button size="small" variant="outlined" onClick={() => setViewing(true)}>
            {t('identity.view')}
          </Button>
        )}
        {manage && (
          <>
            <Button
              size="small"
              variant="contained"
              color="success"
              disabled={review.isPending}
              onClick={() => decide('approve')}
            >
              {t('identity.approve')}
            </Button>
            <Button size="small" color="error" disabled={review.isPending} onClick={() => setRejecting(true)}>
              {t('identity.reject')}
            </Button>
          </>
        )}
      </Box>
      {viewing && <DocumentDialog check={check} onClose={() => setViewing(false)} />}
      <Dialog open={rejecting} onClose={() => setRejecting(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('identity.rejectTitle', { name: check.userName })}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t('identity.reason')}
            helperText={t('identity.reasonHelp')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRejecting(false)}>{t('identity.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={review.isPending || reason.trim() === ''}
            onClick={() => decide('reject')}
          >
            {t('identity.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
