import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { adminConsignorMessages } from '@knotwork/shared/schemas/consignors-staff';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import { useAdminConsignor } from '../api/consignor.ts';
import { useCreateConsignment } from '../api/create-consignment.ts';
import { ItemFields } from '../components/item-fields.tsx';
import { RugPicker } from '../components/rug-picker.tsx';
import { Section } from '../components/section.tsx';
import { TermsFields } from '../components/terms-fields.tsx';
import { centsToDollars, type FieldErrors } from '../lib/field-errors.ts';
import {
  emptyTerms,
  toConsignmentInput,
  type ItemValues,
  type TermsValues,
} from '../lib/consignment-form.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';

const flip = {
  transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined),
};
/** Today as the date field holds it (YYYY-MM-DD, where staff are). */
const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * /admin/consignments/new?consignor=:id: the intake. The rugs brought in (found in the catalogue, or created in
 * the rug editor), their estimates and reserves, the terms where they differ from the house's, and the notes.
 */
export default function ConsignmentNewPage() {
  const { t } = useTranslation('admin-consignors');
  const { can } = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const consignorId = params.get('consignor') ?? undefined;
  const consignor = useAdminConsignor(consignorId);
  const create = useCreateConsignment();
  const [today] = useState(localToday);
  const [receivedAt, setReceivedAt] = useState(today);
  const [items, setItems] = useState<ItemValues[]>([]);
  const [terms, setTerms] = useState<TermsValues>(emptyTerms);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const c = consignor.data;

  const submit = () => {
    if (!consignorId) return;
    const input = toConsignmentInput({ consignorId, receivedAt, today, notes, items, terms });
    if ('errors' in input) {
      setErrors(input.errors);
      notify.error(t('intake.fixErrors'));
      return;
    }
    setErrors({});
    create.mutate(input.data, {
      onSuccess: (res) => {
        notify.success(adminMessage(res.message));
        void navigate(paths.adminConsignment.href(res.data.id), { replace: true });
      },
      onError: (e) => {
        if (e instanceof ApiError) setErrors(e.fieldErrors);
        notify.error(adminMessage(e.message));
      },
    });
  };

  const body = !consignorId ? (
    <Alert severity="info">{t('intake.pickConsignor')}</Alert>
  ) : consignor.isLoading ? (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 20 }}>
      <CircularProgress size={28} aria-label={t('loading')} />
    </Box>
  ) : consignor.isError || !c ? (
    <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void consignor.refetch()} />
  ) : !can('manage', 'consignment') ? (
    <Alert severity="info">{t('intake.readOnly')}</Alert>
  ) : c.archivedAt ? (
    <Alert severity="warning">{adminMessage(adminConsignorMessages.consignorArchived)}</Alert>
  ) : (
    <Box
      component="form"
      noValidate
      aria-label={t('intake.title')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 5 }}
    >
      <Section title={t('intake.rugs')}>
        <RugPicker
          exclude={new Set(items.map((i) => i.rugId))}
          error={adminMessage(errors.items) || undefined}
          onPick={(r) =>
            setItems((s) => [
              ...s,
              {
                rugId: r.id,
                title: r.title,
                // The catalogue's estimates as a start: the consignor and the specialist agree them here.
                estimateLow: centsToDollars(r.estimateLow),
                estimateHigh: centsToDollars(r.estimateHigh),
                reserve: '',
              },
            ])
          }
        />
        {items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('intake.noRugsYet')}
          </Typography>
        ) : (
          <ItemFields items={items} onChange={setItems} errors={errors} />
        )}
      </Section>
      <Section title={t('terms.title')}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('terms.help')}
        </Typography>
        <TermsFields value={terms} onChange={setTerms} errors={errors} />
      </Section>
      <Section title={t('intake.details')}>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
          <TextField
            type="date"
            label={t('intake.receivedAt')}
            value={receivedAt}
            onChange={(e) => setReceivedAt(e.target.value)}
            error={Boolean(errors.receivedAt)}
            helperText={adminMessage(errors.receivedAt) || undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
          <TextField
            label={t('form.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            error={Boolean(errors.notes)}
            helperText={adminMessage(errors.notes) || undefined}
            multiline
            minRows={2}
          />
        </Box>
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 3, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={paths.adminConsignor.href(c.id)} color="inherit">
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          {t('intake.record', { count: items.length })}
        </Button>
      </Box>
    </Box>
  );

  return (
    <AdminPage
      title={c ? t('intake.titleFor', { name: c.name }) : t('intake.title')}
      subject="consignment"
      actions={
        consignorId && (
          <Button
            component={RouterLink}
            to={paths.adminConsignor.href(consignorId)}
            startIcon={<ArrowBack sx={flip} />}
          >
            {t('intake.back')}
          </Button>
        )
      }
    >
      {body}
    </AdminPage>
  );
}
