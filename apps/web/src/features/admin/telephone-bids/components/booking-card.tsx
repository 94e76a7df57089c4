import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminTelephoneBooking, AdminTelephoneSale } from '@knotwork/shared/schemas/telephone-bids';

/**
 * One booking as staff assign it: the bidder, their paddle, the number to call and their language, the operator
 * (a choice among the staff who may operate, or nobody yet) and whether the operator has them on the line.
 */
export function BookingCard({
  booking,
  operators,
  canAssign,
  pending,
  onAssign,
}: {
  booking: AdminTelephoneBooking;
  operators: AdminTelephoneSale['operators'];
  /** The clerk's side may assign; others read. False too once the lot has been offered. */
  canAssign: boolean;
  pending: boolean;
  onAssign: (operatorId: string | null) => void;
}) {
  const { t } = useTranslation('admin-telephone');
  return (
    <Box
      data-testid="telephone-booking"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 16rem)' },
        alignItems: 'center',
        py: 3,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {t('bidderLine', { name: booking.bidderName, paddle: booking.paddle })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          <Link href={`tel:${booking.phone}`} dir="ltr">
            {booking.phone}
          </Link>
          {' · '}
          {t(`language.${booking.language}`, { defaultValue: booking.language })}
        </Typography>
        <Chip
          size="small"
          sx={{ mt: 1 }}
          color={booking.ready ? 'success' : booking.operatorId ? 'warning' : 'default'}
          label={booking.ready ? t('ready') : booking.operatorId ? t('notReady') : t('noOperator')}
        />
      </Box>
      <TextField
        select
        size="small"
        label={t('operator')}
        value={booking.operatorId ?? ''}
        disabled={!canAssign || pending}
        onChange={(e) => onAssign(e.target.value === '' ? null : e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'telephone-operator' } }}
      >
        <MenuItem value="">{t('nobody')}</MenuItem>
        {operators.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {o.name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
