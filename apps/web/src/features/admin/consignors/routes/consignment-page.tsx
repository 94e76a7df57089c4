import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useTranslation } from 'react-i18next';
import { REMOVABLE_ITEM_STATUSES, type AdminConsignment } from '@knotwork/shared/schemas/consignors-staff';
import { paths } from '@/config/paths.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatDate, formatEstimate, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminConsignment } from '../api/consignment.ts';
import { useAdminConsignor } from '../api/consignor.ts';
import { useRemoveConsignmentItem } from '../api/consignment-items.ts';
import { AddItemForm } from '../components/add-item-form.tsx';
import { AgreementChip } from '../components/agreement-chip.tsx';
import { AgreementDialog } from '../components/agreement-dialog.tsx';
import { ConsignmentReceipt } from '../components/consignment-receipt.tsx';
import { ReofferSection } from '../components/reoffer-section.tsx';
import { Fact, Section } from '../components/section.tsx';
import { TermsSummary } from '../components/terms-summary.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

/**
 * A rug can be taken off the receipt while it is still only in the house: not once a lot of it has been in a sale
 * (its result belongs to this receipt's statement).
 */
const removable = (item: AdminConsignment['items'][number]) =>
  REMOVABLE_ITEM_STATUSES.includes(item.status) &&
  (item.liveStatus === 'received' || item.liveStatus === 'cataloguing');

const flip = {
  transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined),
};
type Item = AdminConsignment['items'][number];

function Items({ k, manage }: { k: AdminConsignment; manage: boolean }) {
  const { t } = useTranslation('admin-consignors');
  const remove = useRemoveConsignmentItem(k.id);
  const [removing, setRemoving] = useState<Item | null>(null);
  return (
    <>
      <Box component="ul" aria-label={t('items.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {k.items.map((item, i) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 1fr) auto auto auto' },
              alignItems: 'center',
              py: 2.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={paths.adminRug.href(item.rugId)}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {i + 1}. {item.rugTitle}
              </Link>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                {t('items.estimate')} {formatEstimate(item.estimateLow, item.estimateHigh)} ·{' '}
                {item.reserve === null
                  ? t('items.noReserve')
                  : t('items.reserveOf', { amount: formatUsd(item.reserve) })}
              </Typography>
            </Box>
            <Chip
              size="small"
              variant="outlined"
              label={t(`items.liveStatus.${item.liveStatus}`)}
              sx={{ gridColumn: { xs: '2', md: 'auto' }, justifySelf: 'end' }}
            />
            {manage && removable(item) ? (
              <IconButton
                aria-label={t('items.removeOne', { title: item.rugTitle })}
                onClick={() => setRemoving(item)}
                sx={{ display: { xs: 'none', md: 'inline-flex' } }}
              >
                <DeleteOutline />
              </IconButton>
            ) : (
              <Box sx={{ display: { xs: 'none', md: 'block' }, width: 40 }} />
            )}
            {manage && removable(item) && (
              <Button
                size="small"
                color="inherit"
                onClick={() => setRemoving(item)}
                sx={{
                  display: { xs: 'inline-flex', md: 'none' },
                  gridColumn: '1 / -1',
                  justifySelf: 'start',
                }}
              >
                {t('items.remove')}
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {removing && (
        <StaffActionDialog
          title={t('items.removeTitle', { title: removing.rugTitle })}
          intro={t('items.removeBody')}
          pending={remove.isPending}
          confirmLabel={t('items.remove')}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: (res) => {
                notify.success(adminMessage(res.message));
                setRemoving(null);
              },
              onError: (e) => notify.error(adminMessage(e.message)),
            })
          }
          onClose={() => setRemoving(null)}
        >
          {null}
        </StaffActionDialog>
      )}
    </>
  );
}

function Agreement({ k, manage }: { k: AdminConsignment; manage: boolean }) {
  const { t } = useTranslation('admin-consignors');
  const [marking, setMarking] = useState<'sent' | 'signed_on_paper' | null>(null);
  const a = k.agreement;
  const final = a.status === 'signed_on_paper' || a.status === 'accepted_online';
  return (
    <Section title={t('agreement.title')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <AgreementChip status={a.status} />
        {a.version && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('agreement.versionN', { version: a.version })}
          </Typography>
        )}
      </Box>
      {a.at && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('agreement.recorded', { date: formatDate(a.at), name: a.by?.name ?? '—' })}
        </Typography>
      )}
      {manage && !final && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => setMarking('signed_on_paper')}>
            {t('agreement.markSigned')}
          </Button>
          <Button variant="outlined" onClick={() => setMarking('sent')}>
            {a.status === 'sent' ? t('agreement.markSentAgain') : t('agreement.markSent')}
          </Button>
        </Box>
      )}
      {marking && (
        <AgreementDialog
          consignmentId={k.id}
          status={marking}
          version={a.version}
          onClose={() => setMarking(null)}
        />
      )}
    </Section>
  );
}

/** /admin/consignments/:id: the receipt: its rugs, terms and agreement; print it for the consignor to sign. */
export default function ConsignmentPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin-consignors');
  const { can } = useCan();
  const { data: k, isLoading, isError, error, refetch } = useAdminConsignment(id);
  const consignor = useAdminConsignor(k?.consignor.id);
  const manage = can('manage', 'consignment');
  return (
    <AdminPage
      title={k ? t('consignment.title', { number: k.number }) : t('consignment.titlePlain')}
      subject="consignment"
      actions={
        <>
          {k && (
            <Button
              component={RouterLink}
              to={paths.adminConsignor.href(k.consignor.id)}
              startIcon={<ArrowBack sx={flip} />}
            >
              {k.consignor.name}
            </Button>
          )}
          {k && (
            <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
              {t('consignment.print')}
            </Button>
          )}
        </>
      }
    >
      {isLoading ? (
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 20 }}>
          <CircularProgress size={28} aria-label={t('loading')} />
        </Box>
      ) : isNotFound(error) ? (
        <EmptyState title={t('consignment.notFound')} />
      ) : isError || !k ? (
        <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />
      ) : (
        <>
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 4, md: 6 },
              display: 'grid',
              gap: 4,
              gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Fact label={t('consignment.consignor')}>
              <Link component={RouterLink} to={paths.adminConsignor.href(k.consignor.id)}>
                {k.consignor.name}
              </Link>
            </Fact>
            <Fact label={t('intake.receivedAt')}>{formatDate(k.receivedAt)}</Fact>
            <Fact label={t('consignment.rugs')}>
              {t('consignor.rugCount', { count: k.items.length, n: k.items.length })}
            </Fact>
            <Fact label={t('consignment.takenBy')}>{k.createdBy?.name ?? '—'}</Fact>
          </Paper>
          <Box
            sx={{
              display: 'grid',
              gap: 5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
              alignItems: 'start',
            }}
          >
            <Box sx={{ display: 'grid', gap: 5, minWidth: 0 }}>
              <Section title={t('items.title')}>
                {k.items.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('items.none')}
                  </Typography>
                ) : (
                  <Items k={k} manage={manage} />
                )}
                {manage && (
                  <Box sx={{ pt: 2 }}>
                    <Typography variant="subtitle2" component="h3" sx={{ mb: 2 }}>
                      {t('items.addTitle')}
                    </Typography>
                    <AddItemForm consignmentId={k.id} onReceipt={new Set(k.items.map((i) => i.rugId))} />
                  </Box>
                )}
              </Section>
              <ReofferSection consignmentId={k.id} manage={manage} />
              {k.notes && (
                <Section title={t('form.notes')}>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {k.notes}
                  </Typography>
                </Section>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 5, minWidth: 0 }}>
              <Agreement k={k} manage={manage} />
              <Section title={t('terms.title')}>
                <TermsSummary override={k.termsOverride} />
              </Section>
            </Box>
          </Box>
          <ConsignmentReceipt consignment={k} consignor={consignor.data} />
        </>
      )}
    </AdminPage>
  );
}
