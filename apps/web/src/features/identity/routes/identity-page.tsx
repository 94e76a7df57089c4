import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import {
  IDENTITY_DOCUMENT_MAX_BYTES,
  identityDocumentKinds,
  type IdentityDocumentKind,
  type IdentityStatus,
} from '@knotwork/shared/schemas/identity';
import { identityMessages } from '@knotwork/shared/messages/identity';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { errorMessage, translateMessage } from '@/lib/error-message.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { formatDate } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useIdentityStatus, useUploadIdentityDocument } from '../api/identity-status.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,application/pdf,.pdf';

/** Where the buyer stands: one alert saying what happens next. */
function StandingAlert({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation('payments');
  if (status.approved)
    return (
      <Alert severity="success" data-testid="identity-standing">
        {t('identity.status.approved', {
          date: status.reviewedAt ? formatDate(status.reviewedAt) : '',
        })}
      </Alert>
    );
  if (status.status === 'pending')
    return (
      <Alert severity="info" data-testid="identity-standing">
        {t('identity.status.pending', { date: status.submittedAt ? formatDate(status.submittedAt) : '' })}
      </Alert>
    );
  if (status.status === 'rejected')
    return (
      <Alert severity="warning" data-testid="identity-standing">
        {t('identity.status.rejected', { reason: status.reason ?? '' })}
      </Alert>
    );
  if (!status.enabled)
    return (
      <Alert severity="info" data-testid="identity-standing">
        {t('identity.status.off')}
      </Alert>
    );
  return (
    <Alert severity={status.required ? 'warning' : 'info'} data-testid="identity-standing">
      {status.required ? t('identity.status.required') : t('identity.status.notYet')}
    </Alert>
  );
}

/** The buyer's purchases in the period against the threshold. */
function Progress({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation('payments');
  const share =
    status.thresholdCents > 0 ? Math.min(100, (status.totalCents / status.thresholdCents) * 100) : 100;
  return (
    <Box sx={{ mt: 6 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2">
          {t('identity.total', { months: status.periodMonths })}{' '}
          <Box component="strong" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
            {formatMoney(status.totalCents, status.currency)}
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('identity.threshold')}{' '}
          <Box component="span" dir="ltr" sx={{ unicodeBidi: 'isolate' }}>
            {formatMoney(status.thresholdCents, status.currency)}
          </Box>
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={t('identity.progressLabel')}
        color={status.totalCents >= status.thresholdCents ? 'warning' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** The document's kind and the file, checked here first (type and size) and again by the server. */
function UploadForm() {
  const { t } = useTranslation('payments');
  const upload = useUploadIdentityDocument();
  const [kind, setKind] = useState<IdentityDocumentKind | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ kind?: string; document?: string }>({});
  const input = useRef<HTMLInputElement>(null);
  const kindLabel = useId();

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const known = /^(image\/(jpeg|png|webp|avif)|application\/pdf)$/.test(chosen.type);
    if (!known) setErrors((e) => ({ ...e, document: translateMessage(identityMessages.documentType) }));
    else if (chosen.size > IDENTITY_DOCUMENT_MAX_BYTES)
      setErrors((e) => ({ ...e, document: translateMessage(identityMessages.documentTooLarge) }));
    else setErrors((e) => ({ ...e, document: undefined }));
    setFile(known && chosen.size <= IDENTITY_DOCUMENT_MAX_BYTES ? chosen : null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      kind: kind ? undefined : translateMessage(identityMessages.documentKindInvalid),
      document: file
        ? errors.document
        : (errors.document ?? translateMessage(identityMessages.documentRequired)),
    };
    setErrors(next);
    if (!kind || !file) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.body.errors : undefined;
          if (fields?.document || fields?.kind)
            setErrors({
              document: fields.document ? translateMessage(fields.document) : undefined,
              kind: fields.kind ? translateMessage(fields.kind) : undefined,
            });
          else notify.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 8 }} aria-labelledby="identity-upload-title">
      <Typography variant="h6" component="h2" id="identity-upload-title" sx={{ mb: 4 }}>
        {t('identity.upload.title')}
      </Typography>
      <FormControl error={Boolean(errors.kind)} sx={{ mb: 5, display: 'block' }}>
        <FormLabel id={kindLabel} sx={{ mb: 1 }}>
          {t('identity.upload.kind')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={kindLabel}
          name="kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as IdentityDocumentKind);
            setErrors((x) => ({ ...x, kind: undefined }));
          }}
        >
          {identityDocumentKinds.map((k) => (
            <FormControlLabel key={k} value={k} control={<Radio />} label={t(`identity.kinds.${k}`)} />
          ))}
        </RadioGroup>
        {errors.kind && <FormHelperText>{errors.kind}</FormHelperText>}
      </FormControl>
      <FormControl error={Boolean(errors.document)} sx={{ display: 'block', mb: 6 }}>
        <Button
          variant="outlined"
          component="label"
          startIcon={<UploadFileOutlined />}
          sx={{ maxWidth: '100%' }}
        >
          {file ? t('identity.upload.change') : t('identity.upload.choose')}
          <input
            ref={input}
            hidden
            type="file"
            name="document"
            accept={ACCEPT}
            data-testid="identity-file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </Button>
        <FormHelperText sx={{ mx: 0, mt: 2, overflowWrap: 'anywhere' }}>
          {errors.document ?? (file ? file.name : t('identity.upload.hint'))}
        </FormHelperText>
      </FormControl>
      <Button
        type="submit"
        data-testid="identity-submit"
        variant="contained"
        disabled={upload.isPending}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {upload.isPending ? t('identity.upload.sending') : t('identity.upload.send')}
      </Button>
    </Box>
  );
}

/**
 * /profile/identity (issue 28 §3, decision 093): why the house asks for an identity document, where the buyer stands
 * against the threshold, and the upload while no check is approved or waiting.
 */
export default function IdentityPage() {
  const { t } = useTranslation('payments');
  const status = useIdentityStatus();
  const data = status.data;
  return (
    <>
      <PageHeader overline={t('identity.overline')} title={t('identity.title')} intro={t('identity.intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 }, maxWidth: { md: 880 } }}>
        <Paper variant="outlined" component="section" sx={{ p: { xs: 5, md: 8 } }}>
          {status.isPending ? (
            <Box aria-busy="true">
              <Skeleton variant="rounded" height={56} />
              <Skeleton sx={{ mt: 6 }} height={32} />
            </Box>
          ) : status.isError || !data ? (
            <ErrorState
              message={t('identity.loadError', { reason: errorMessage(status.error) })}
              retryLabel={t('retry')}
              onRetry={() => void status.refetch()}
            />
          ) : (
            <>
              <StandingAlert status={data} />
              {data.enabled && <Progress status={data} />}
              {data.enabled && !data.approved && data.status !== 'pending' && <UploadForm />}
            </>
          )}
        </Paper>
        <Box component="section" sx={{ mt: { xs: 8, md: 10 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('identity.why.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('identity.why.body')}</Typography>
          <Typography sx={{ color: 'text.secondary', mb: 6 }}>{t('identity.why.privacy')}</Typography>
          <Button component={RouterLink} to={paths.myItems.href()} color="inherit">
            {t('identity.toMyItems')}
          </Button>
        </Box>
      </PageContainer>
    </>
  );
}
