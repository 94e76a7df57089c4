import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@knotwork/shared/shipping/carriers';
import { useShipmentAction, type Shipment } from '../api/shipment.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { actionOutcome, StaffActionDialog } from '../../shell/staff-action-dialog.tsx';

/** Mark a shipment shipped: the carrier (a common one, or another by name) and the tracking number. */
export function ShipDialog({ shipment, onClose }: { shipment: Shipment; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const action = useShipmentAction(shipment.id);
  const [carrier, setCarrier] = useState<Carrier>('dhl');
  const [carrierName, setCarrierName] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const count = shipment.orders.filter(
    (o) => o.status === 'paid' || o.status === 'partially_refunded',
  ).length;

  const submit = () =>
    action.mutate(
      {
        action: 'ship',
        body: { carrier, trackingNumber, ...(carrier === 'other' ? { carrierName } : {}) },
      },
      actionOutcome(adminMessage, setErrors, onClose),
    );

  return (
    <StaffActionDialog
      title={t('shipment.shipTitle')}
      intro={t('shipment.shipIntro', { count })}
      pending={action.isPending}
      confirmLabel={t('shipment.confirmShip')}
      confirmTestId="ship-confirm"
      onConfirm={submit}
      onClose={onClose}
    >
      <TextField
        select
        label={t('shipment.carrier')}
        value={carrier}
        onChange={(e) => setCarrier(e.target.value as Carrier)}
        error={Boolean(errors.carrier)}
        helperText={adminMessage(errors.carrier)}
        slotProps={{ select: { inputProps: { 'data-testid': 'ship-carrier' } } }}
      >
        {CARRIERS.map((c) => (
          <MenuItem key={c} value={c}>
            {c === 'other' ? t('shipment.other') : CARRIER_NAMES[c]}
          </MenuItem>
        ))}
      </TextField>
      {carrier === 'other' && (
        <TextField
          label={t('shipment.carrierName')}
          value={carrierName}
          required
          onChange={(e) => setCarrierName(e.target.value)}
          error={Boolean(errors.carrierName)}
          helperText={adminMessage(errors.carrierName)}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      )}
      <TextField
        autoFocus
        label={t('shipment.trackingNumber')}
        value={trackingNumber}
        required
        onChange={(e) => setTrackingNumber(e.target.value)}
        error={Boolean(errors.trackingNumber)}
        helperText={adminMessage(errors.trackingNumber) || t('shipment.trackingHelp')}
        slotProps={{
          htmlInput: {
            maxLength: 40,
            autoComplete: 'off',
            spellCheck: false,
            'data-testid': 'ship-tracking',
          },
        }}
      />
    </StaffActionDialog>
  );
}
