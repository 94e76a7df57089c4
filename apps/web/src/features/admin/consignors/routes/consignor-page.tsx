import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { formatAddress } from '@knotwork/shared/addresses/formats';
import { paths } from '@/config/paths.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminConsignor, type AdminConsignorDetail } from '../api/consignor.ts';
import { useSaveConsignor } from '../api/save-consignor.ts';
import { AgreementChip } from '../components/agreement-chip.tsx';
import { ConsignorChips } from '../components/consignor-chips.tsx';
import { ConsignorDialog } from '../components/consignor-dialog.tsx';
import { IdentityCheckDialog } from '../components/identity-check-dialog.tsx';
import { MaskedPayout } from '../components/masked-payout.tsx';
import { Fact, Section } from '../components/section.tsx';
import { SettlementsPanel } from '../components/settlements-panel.tsx';
import { countryName } from '../lib/country-name.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

const flip = {
  transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined),
};
const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

function Contact({ c }: { c: AdminConsignorDetail }) {
  const { t } = useTranslation('admin-consignors');
  const address = c.address
    ? formatAddress(c.address, { withoutName: true, countryName: countryName(c.address.country) })
    : null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 4,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <Fact label={t('form.kind')}>{t(`kind.${c.kind}`)}</Fact>
      <Fact label={t('form.company')}>{c.company || '—'}</Fact>
      <Fact label={t('form.email')}>{c.email ? <Link href={`mailto:${c.email}`}>{c.email}</Link> : '—'}</Fact>
      <Fact label={t('form.phone')}>{c.phone ? <bdi dir="ltr">{c.phone}</bdi> : '—'}</Fact>
      <Fact label={t('form.address')}>
        {address ? address.map((line) => <div key={line}>{line}</div>) : '—'}
      </Fact>
      <Fact label={t('form.language')}>{t(`languages.${c.language}`)}</Fact>
      <Fact label={t('consignor.vat')}>
        {c.vatRegistered ? t('consignor.vatNumber', { number: c.vatNumber ?? '' }) : t('consignor.notVat')}
      </Fact>
      <Fact label={t('consignor.account')}>
        {c.user ? `${c.user.name} · ${c.user.email}` : t('consignor.noAccount')}
      </Fact>
    </Box>
  );
}

function Consignments({ c, canTake }: { c: AdminConsignorDetail; canTake: boolean }) {
  const { t } = useTranslation('admin-consignors');
  return (
    <Section
      title={t('consignor.consignments')}
      actions={
        canTake &&
        !c.archivedAt && (
          <Button
            component={RouterLink}
            to={paths.adminConsignmentNew.href(c.id)}
            variant="contained"
            size="small"
            startIcon={<Add />}
          >
            {t('consignor.newConsignment')}
          </Button>
        )
      }
    >
      {c.consignments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('consignor.noConsignments')}
        </Typography>
      ) : (
        <Box component="ul" sx={listSx} aria-label={t('consignor.consignments')}>
          {c.consignments.map((k) => (
            <Box
              component="li"
              key={k.id}
              sx={{
                display: 'flex',
                gap: 3,
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={paths.adminConsignment.href(k.id)} sx={{ fontWeight: 600 }}>
                  <bdi>{k.number}</bdi>
                </Link>
                <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                  {t('consignor.receivedOn', { date: formatDate(k.receivedAt) })} ·{' '}
                  {t('consignor.rugCount', { count: k.items, n: formatNumber(k.items) })}
                </Typography>
              </Box>
              <AgreementChip status={k.agreementStatus} />
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

/** /admin/consignors/:id: who they are, how they are paid (masked), their identity check, consignments, settlements. */
export default function ConsignorPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin-consignors');
  const { can } = useCan();
  const { data: c, isLoading, isError, error, refetch } = useAdminConsignor(id);
  const save = useSaveConsignor();
  const [dialog, setDialog] = useState<'edit' | 'payout' | 'identity' | 'archive' | null>(null);
  const manage = can('manage', 'consignment');
  const settles = can('manage', 'settlement');

  const setArchived = (archived: boolean) =>
    c &&
    save.mutate(
      { id: c.id, body: { archived } },
      {
        onSuccess: (res) => {
          notify.success(adminMessage(res.message));
          setDialog(null);
        },
        onError: (e) => notify.error(adminMessage(e.message)),
      },
    );

  return (
    <AdminPage
      title={c?.name ?? t('title')}
      subject="consignment"
      actions={
        <>
          <Button
            component={RouterLink}
            to={paths.adminConsignors.href()}
            startIcon={<ArrowBack sx={flip} />}
          >
            {t('consignor.back')}
          </Button>
          {c && manage && (
            <Button variant="outlined" onClick={() => setDialog('edit')}>
              {t('consignor.edit')}
            </Button>
          )}
          {c && !c.identityCheckedAt && (manage || settles) && (
            <Button variant="outlined" onClick={() => setDialog('identity')}>
              {t('identity.action')}
            </Button>
          )}
          {c && manage && (
            <Button
              variant="outlined"
              color={c.archivedAt ? 'primary' : 'inherit'}
              disabled={save.isPending}
              onClick={() => (c.archivedAt ? setArchived(false) : setDialog('archive'))}
            >
              {c.archivedAt ? t('consignor.restore') : t('consignor.archive')}
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
        <EmptyState title={t('consignor.notFound')} />
      ) : isError || !c ? (
        <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 4, minWidth: 0 }}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <ConsignorChips
                identityChecked={Boolean(c.identityCheckedAt)}
                archived={Boolean(c.archivedAt)}
              />
              {c.identityCheckedAt && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('identity.checkedBy', {
                    date: formatDate(c.identityCheckedAt),
                    name: c.identityCheckedBy?.name ?? '—',
                  })}
                </Typography>
              )}
            </Box>
            <Contact c={c} />
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
              <Consignments c={c} canTake={manage} />
              {c.notes && (
                <Section title={t('form.notes')}>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {c.notes}
                  </Typography>
                </Section>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 5, minWidth: 0 }}>
              <Section
                title={t('payout.title')}
                actions={
                  (manage || settles) && (
                    <Button size="small" onClick={() => setDialog(manage ? 'edit' : 'payout')}>
                      {t('payout.change')}
                    </Button>
                  )
                }
              >
                <MaskedPayout payout={c.payout} />
              </Section>
              <SettlementsPanel consignorId={c.id} />
            </Box>
          </Box>
          {(dialog === 'edit' || dialog === 'payout') && (
            <ConsignorDialog consignor={c} payoutOnly={dialog === 'payout'} onClose={() => setDialog(null)} />
          )}
          {dialog === 'identity' && (
            <IdentityCheckDialog consignorId={c.id} onClose={() => setDialog(null)} />
          )}
          {dialog === 'archive' && (
            <StaffActionDialog
              title={t('consignor.archiveTitle', { name: c.name })}
              intro={t('consignor.archiveBody')}
              pending={save.isPending}
              confirmLabel={t('consignor.archive')}
              onConfirm={() => setArchived(true)}
              onClose={() => setDialog(null)}
            >
              {null}
            </StaffActionDialog>
          )}
        </>
      )}
    </AdminPage>
  );
}
