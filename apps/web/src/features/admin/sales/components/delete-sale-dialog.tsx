import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** "Delete this draft?": the sale and its lots go for good; their rugs are free for another sale. */
export function DeleteSaleDialog(props: {
  lots: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="delete-sale-title">
      <DialogTitle id="delete-sale-title">{t('sales.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('sales.deleteBody', { count: props.lots })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" disabled={props.pending} onClick={props.onConfirm}>
          {t('sales.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
