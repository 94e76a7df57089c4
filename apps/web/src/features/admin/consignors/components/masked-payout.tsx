import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminConsignor } from '@knotwork/shared/schemas/consignors-staff';

/** The payout as the server answers it: the method, the masked account and the holder, never the account. */
export function MaskedPayout({ payout }: { payout: AdminConsignor['payout'] }) {
  const { t } = useTranslation('admin-consignors');
  if (payout.method === 'none')
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('payout.none')}
      </Typography>
    );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t(`payout.methods.${payout.method}`)}
        {payout.holder ? ` · ${payout.holder}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}>
        {/* An account reads left to right in every language. */}
        <bdi dir="ltr" data-testid="masked-account">
          {payout.masked}
        </bdi>
      </Typography>
    </Box>
  );
}
