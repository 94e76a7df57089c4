import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import type { IdentityStatus } from '@knotwork/shared/schemas/identity';

/**
 * Checkout's IDENTITY_REQUIRED state (decision 093): paying waits for the identity check; the way to it, or word that
 * the document is being reviewed.
 */
export function IdentityRequiredNotice({ status }: { status: IdentityStatus }) {
  const { t } = useTranslation('payments');
  const pending = status.status === 'pending';
  return (
    <Alert
      severity={pending ? 'info' : 'warning'}
      data-testid="identity-required"
      action={
        pending ? undefined : (
          <Button color="inherit" size="small" component={RouterLink} to={paths.identityCheck.href()}>
            {t('identity.checkoutAction')}
          </Button>
        )
      }
      sx={{ '& .MuiAlert-action': { alignItems: 'center', pt: 0 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      {pending ? t('identity.checkoutPending') : t('identity.checkoutRequired')}
    </Alert>
  );
}
