import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { Address } from '@knotwork/shared/schemas/addresses';
import { notify } from '@/lib/toast.ts';
import { useDeleteAddress } from '../api/delete-address.ts';
import { addressLines } from '../lib/format-address.ts';

/** Asks before deleting; deleting the default makes the next address the default (the server decides). */
export function DeleteAddressDialog({ address, onClose }: { address: Address | null; onClose: () => void }) {
  const { t } = useTranslation('addresses');
  const remove = useDeleteAddress();
  const confirm = async () => {
    if (!address) return;
    try {
      const { message } = await remove.mutateAsync(address.id);
      notify.success(message);
      onClose();
    } catch (error) {
      notify.fromError(error);
    }
  };
  return (
    <Dialog
      open={Boolean(address)}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-address-title"
      aria-describedby="delete-address-body"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-address-title">{t('deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-address-body">
          {address &&
            t('deleteDialog.body', {
              name: address.name,
              address: addressLines(address).slice(0, 2).join(', '),
            })}
          {address?.isDefault && ` ${t('deleteDialog.defaultNote')}`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button color="inherit" onClick={onClose} disabled={remove.isPending}>
          {t('deleteDialog.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
