import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type {
  AdminRegistration,
  AdminRegistrationDecision,
} from '@knotwork/shared/schemas/registrations-staff';
import { paths } from '@/config/paths.ts';
import { formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { dollarsToCents } from '../../consignors/lib/field-errors.ts';
import { MoneyField } from '../../consignors/components/item-fields.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import { useDecideRegistration, useSaleRegistrations } from '../api/registrations.ts';
import { Section } from '../../consignors/components/section.tsx';
import { RegisterBidderDialog } from './register-bidder-dialog.tsx';

const TABS = ['pending', 'approved', 'rejected', 'all'] as const;
const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

type Deciding = { registration: AdminRegistration; kind: 'limit' | 'reject' } | null;

/** Approve with a limit, or reject with the reason the bidder will read. */
function DecisionDialog({
  deciding,
  pending,
  onClose,
  onDecide,
}: {
  deciding: NonNullable<Deciding>;
  pending: boolean;
  onClose: () => void;
  onDecide: (decision: AdminRegistrationDecision) => void;
}) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const r = deciding.registration;
  const submit = () => {
    if (deciding.kind === 'reject') {
      if (value.trim() === '') return setError(t('registrations.reasonRequired'));
      return onDecide({ decision: 'reject', reason: value.trim() });
    }
    const cents = dollarsToCents(value);
    if (cents === null || Number.isNaN(cents) || cents < 0 || cents % 100 !== 0)
      return setError(t('registrations.limitInvalid'));
    onDecide({ decision: 'approve', limitCents: cents });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {deciding.kind === 'reject'
          ? t('registrations.rejectTitle', { paddle: r.paddle, name: r.name })
          : t('registrations.limitTitle', { paddle: r.paddle, name: r.name })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ pt: 2 }}>
          {deciding.kind === 'reject' ? (
            <TextField
              label={t('registrations.reason')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={Boolean(error)}
              helperText={error || t('registrations.reasonHelp')}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          ) : (
            <MoneyField
              label={t('registrations.limit')}
              value={value}
              onChange={setValue}
              error={error || undefined}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={pending}>
          {deciding.kind === 'reject' ? t('registrations.reject') : t('registrations.approveWithLimit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return <Chip size="small" variant="outlined" color={ok ? 'success' : 'warning'} label={label} />;
}

function Row({
  registration: r,
  manage,
  busy,
  onApprove,
  onDecide,
}: {
  registration: AdminRegistration;
  manage: boolean;
  busy: boolean;
  onApprove: () => void;
  onDecide: (kind: 'limit' | 'reject') => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Box
      component="li"
      data-testid="registration-row"
      data-status={r.status}
      sx={{
        display: 'grid',
        gap: 3,
        py: 4,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 2fr) auto' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700 }}>
            {t('registrations.paddle', { paddle: r.paddle })}
          </Typography>
          <Chip size="small" color={STATUS_COLOR[r.status]} label={t(`registrations.status.${r.status}`)} />
        </Box>
        <Link component={RouterLink} to={paths.adminBidder.href(r.userId)} sx={{ fontWeight: 600 }}>
          {r.name || r.email}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {r.email} · <span dir="ltr">{r.phone}</span>
        </Typography>
        {r.reason && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('registrations.reasonShown', { reason: r.reason })}
          </Typography>
        )}
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 2 }}>
        {r.address ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {r.address.join('\n')}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('registrations.noAddress')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Check ok={r.emailVerified} label={t('registrations.checks.email')} />
          <Check ok={r.cardOnFile} label={t('registrations.checks.card')} />
          <Check
            ok={r.activeStrikes === 0 && !r.biddingBlocked}
            label={
              r.biddingBlocked
                ? t('registrations.checks.blocked')
                : t('registrations.checks.strikes', { count: r.activeStrikes })
            }
          />
          <Check
            ok={r.paidPurchases > 0}
            label={t('registrations.checks.paid', { count: r.paidPurchases })}
          />
        </Box>
        {r.limitCents !== null && (
          <Typography variant="body2" color="text.secondary">
            {t('registrations.currentLimit', { limit: formatUsd(r.limitCents) })}
          </Typography>
        )}
      </Box>
      {manage && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }}>
          {r.status !== 'approved' && (
            <Button size="small" variant="contained" disabled={busy} onClick={onApprove}>
              {t('registrations.approve')}
            </Button>
          )}
          <Button size="small" variant="outlined" disabled={busy} onClick={() => onDecide('limit')}>
            {t('registrations.approveWithLimit')}
          </Button>
          {r.status !== 'rejected' && (
            <Button size="small" color="inherit" disabled={busy} onClick={() => onDecide('reject')}>
              {t('registrations.reject')}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * A sale's registrations to bid (issue 28 §5): the approval queue, pending first, with what staff need to decide
 * (address and phone, e-mail and card checks, strikes, purchases paid before, the bidder's limit); approve, approve
 * with a limit, or reject with a reason. A decision can be changed; the bidder is told each time.
 */
export function SaleRegistrations({ saleId, pendingCount }: { saleId: string; pendingCount: number }) {
  const { t } = useTranslation('admin');
  const manage = useCan().can('manage', 'bidder');
  const [tab, setTab] = useState<(typeof TABS)[number]>(pendingCount > 0 ? 'pending' : 'all');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [registering, setRegistering] = useState(false);
  const query = useSaleRegistrations(saleId, tab, page);
  const decide = useDecideRegistration(saleId);
  const send = (id: string, decision: AdminRegistrationDecision) =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setDeciding(null);
        },
        onError: (e: Error) => notify.error(adminMessage(e.message)),
      },
    );
  const counts = query.data?.counts;
  return (
    <Box data-testid="sale-registrations" sx={{ minWidth: 0 }}>
      <Section
        title={t('registrations.title')}
        actions={
          manage && (
            <Button size="small" variant="outlined" onClick={() => setRegistering(true)}>
              {t('registrations.register')}
            </Button>
          )
        }
      >
        <Tabs
          value={tab}
          onChange={(_, v: (typeof TABS)[number]) => {
            setTab(v);
            setPage(1);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((s) => (
            <Tab
              key={s}
              value={s}
              label={
                s === 'all' || !counts
                  ? t(`registrations.tabs.${s}`)
                  : `${t(`registrations.tabs.${s}`)} (${counts[s]})`
              }
            />
          ))}
        </Tabs>
        {query.isPending ? (
          <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : query.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 4 }}
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('common.loadFailed')}
          </Alert>
        ) : query.data.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6 }}>
            {t(`registrations.empty.${tab}`)}
          </Typography>
        ) : (
          <>
            <Box
              component="ul"
              sx={{ m: 0, p: 0, listStyle: 'none', '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
            >
              {query.data.data.map((r) => (
                <Row
                  key={r.id}
                  registration={r}
                  manage={manage}
                  busy={decide.isPending}
                  onApprove={() => send(r.id, { decision: 'approve', limitCents: null })}
                  onDecide={(kind) => setDeciding({ registration: r, kind })}
                />
              ))}
            </Box>
            {query.data.meta.totalPages > 1 && (
              <Pagination
                sx={{ mt: 4 }}
                page={page}
                count={query.data.meta.totalPages}
                onChange={(_, p) => setPage(p)}
              />
            )}
          </>
        )}
        {registering && <RegisterBidderDialog saleId={saleId} onClose={() => setRegistering(false)} />}
        {deciding && (
          <DecisionDialog
            deciding={deciding}
            pending={decide.isPending}
            onClose={() => setDeciding(null)}
            onDecide={(decision) => send(deciding.registration.id, decision)}
          />
        )}
      </Section>
    </Box>
  );
}
