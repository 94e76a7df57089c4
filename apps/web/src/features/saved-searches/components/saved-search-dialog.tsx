import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  SAVED_SEARCH_EMAIL_MODES,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchEmailMode,
} from '@knotwork/shared/schemas/saved-search';

export interface SavedSearchFormValues {
  name: string;
  emailMode: SavedSearchEmailMode;
}

/**
 * Name and e-mail choice of a saved search: "Save this search" on the listing, and "Edit" in My Items. In-app and
 * push alerts are always at once; the e-mail is the collector's choice per search.
 */
export function SavedSearchDialog({
  open,
  mode,
  initial,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  mode: 'create' | 'edit';
  initial: SavedSearchFormValues;
  busy: boolean;
  onSubmit: (values: SavedSearchFormValues) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('saved-searches');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [name, setName] = useState(initial.name);
  const [emailMode, setEmailMode] = useState<SavedSearchEmailMode>(initial.emailMode);
  const [touched, setTouched] = useState(false);
  const nameError = name.trim() === '' ? t('dialog.nameRequired') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError) return;
    onSubmit({ name: name.trim(), emailMode });
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      maxWidth="xs"
      fullWidth
      aria-labelledby="saved-search-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="saved-search-dialog-title">
        {t(mode === 'create' ? 'dialog.createTitle' : 'dialog.editTitle')}
      </DialogTitle>
      <DialogContent>
        {mode === 'create' && <DialogContentText sx={{ mb: 5 }}>{t('dialog.intro')}</DialogContentText>}
        <TextField
          label={t('dialog.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && Boolean(nameError)}
          helperText={touched && nameError ? nameError : ' '}
          slotProps={{ htmlInput: { maxLength: SAVED_SEARCH_NAME_MAX } }}
          autoFocus
          fullWidth
          required
          sx={{ mt: mode === 'edit' ? 2 : 0 }}
        />
        <FormControl sx={{ mt: 3 }}>
          <FormLabel id="saved-search-email-label">{t('dialog.emailLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby="saved-search-email-label"
            value={emailMode}
            onChange={(e) => setEmailMode(e.target.value as SavedSearchEmailMode)}
          >
            {SAVED_SEARCH_EMAIL_MODES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={t(`emailMode.${value}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <DialogContentText variant="body2" sx={{ mt: 3 }}>
          {t('dialog.inAppNote')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('dialog.saving') : t(mode === 'create' ? 'dialog.save' : 'dialog.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default SavedSearchDialog;
