import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useAutopayPreference } from '../api/get-autopay-preference.ts';
import { useSetAutopayPreference } from '../api/set-autopay-preference.ts';

/**
 * Profile > Payment card: "Pay automatically with my saved card" (decision 096). Only with a saved card (the server
 * refuses it without one); says when the house charges: at once, or 24 or 72 hours after the invoice.
 */
export function AutopayPreference({ hasCard }: { hasCard: boolean }) {
  const { t } = useTranslation('payments');
  const query = useAutopayPreference();
  const save = useSetAutopayPreference();
  if (query.isPending) return <Skeleton variant="rounded" height={56} sx={{ mb: 4 }} />;
  if (query.isError)
    return (
      <Alert severity="error" sx={{ mb: 4 }}>
        {t('autopay.loadError', { reason: errorMessage(query.error) })}
      </Alert>
    );
  const pref = query.data;
  const usable = hasCard && pref.cardOnFile;
  return (
    <Box data-testid="autopay-preference" sx={{ mb: 4 }}>
      <FormControlLabel
        control={
          <Switch
            checked={pref.enabled && usable}
            disabled={!usable || save.isPending}
            onChange={(e) =>
              save.mutate(e.target.checked, {
                onSuccess: (res) => notify.success(res.message),
                onError: (err) => notify.fromError(err),
              })
            }
            slotProps={{ input: { 'aria-describedby': 'autopay-preference-help' } }}
            data-testid="autopay-preference-switch"
          />
        }
        label={t('autopay.preference')}
      />
      <Typography
        id="autopay-preference-help"
        variant="body2"
        sx={{ color: 'text.secondary', ms: { xs: 0, sm: 6 } }}
      >
        {usable
          ? t(`autopay.preferenceHelp${pref.delayHours === 0 ? 'Now' : ''}`, { hours: pref.delayHours })
          : t('autopay.needsCard')}
      </Typography>
    </Box>
  );
}
