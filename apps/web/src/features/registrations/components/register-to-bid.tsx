import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RegistrationGap } from '@knotwork/shared/schemas/registrations';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { panelCard } from '@/components/ui/panel-card.ts';
import { useRegistration } from '../api/get-registration.ts';

// The form (address book, terms) loads when a bidder opens it: most visitors never register.
const RegisterDialog = lazy(() =>
  import('./register-dialog.tsx').then((m) => ({ default: m.RegisterDialog })),
);

/** Where a pending bidder fixes what the house's rules miss. */
const GAP_LINKS: Partial<Record<RegistrationGap, string>> = {
  card: paths.profile.href(),
  address: paths.profile.href(),
  standing: paths.myItems.href(),
};

/**
 * "Register to bid" (issue 28 §1, decision 090) on a sale's page and on each of its lots: nothing for a sale open to
 * every bidder; otherwise the caller's standing (paddle number and approved, waiting with what is missing, or not
 * approved with the house's reason) or the button that opens the registration form. Signed out: sign in first.
 */
export function RegisterToBid({
  saleId,
  compact = false,
  required,
}: {
  saleId: string;
  compact?: boolean;
  /** Known from the sale already (its page): false asks nothing of the server. */
  required?: boolean;
}) {
  const { t } = useTranslation('bidding');
  const signedIn = useAuthStore((s) => s.user !== null);
  const standing = useRegistration(saleId, required !== false);
  const [open, setOpen] = useState(false);
  const data = standing.data;
  if (!data?.required) return null;
  const registration = data.registration;

  const frame = { ...panelCard, p: compact ? 3 : 4 };

  if (registration?.status === 'approved')
    return (
      <Box sx={frame} data-testid="registration" data-status="approved">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Chip color="success" size="small" label={t('registration.approved')} />
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
            {t('registration.paddle', { number: registration.paddle })}
          </Typography>
        </Box>
        {!compact && (
          <Typography variant="body2" color="text.secondary">
            {t('registration.approvedNote')}
          </Typography>
        )}
      </Box>
    );

  if (registration?.status === 'pending')
    return (
      <Box sx={frame} data-testid="registration" data-status="pending">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Chip color="warning" size="small" label={t('registration.pending')} />
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
            {t('registration.paddle', { number: registration.paddle })}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('registration.pendingNote')}
        </Typography>
        {registration.gaps.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 5, display: 'grid', gap: 1 }}>
            {registration.gaps.map((gap) => (
              <Typography component="li" variant="body2" key={gap}>
                {GAP_LINKS[gap] ? (
                  <Link component={RouterLink} to={GAP_LINKS[gap]}>
                    {t(`registration.gap.${gap}`)}
                  </Link>
                ) : (
                  t(`registration.gap.${gap}`)
                )}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
    );

  if (registration?.status === 'rejected')
    return (
      <Alert severity="warning" variant="outlined" data-testid="registration" data-status="rejected">
        {t('registration.rejected')}
        {registration.reason ? ` ${t('registration.reason', { reason: registration.reason })}` : ''}
      </Alert>
    );

  if (!data.open)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="registration" data-status="closed">
        {t('registration.closed')}
      </Typography>
    );

  return (
    <Box sx={frame} data-testid="registration" data-status="none">
      <Typography variant="body2" color="text.secondary">
        {data.cardRequired ? t('registration.requiredWithCard') : t('registration.required')}
      </Typography>
      <Button
        variant="contained"
        onClick={() =>
          signedIn
            ? setOpen(true)
            : useAuthDialogStore.getState().show('login', { redirectTo: window.location.pathname })
        }
      >
        {t('registration.register')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <RegisterDialog saleId={saleId} cardRequired={data.cardRequired} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
