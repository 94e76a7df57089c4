import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { LogoMark } from '@/components/ui/logo.tsx';
import { useAuthDialogStore, type AuthDialog } from '@/lib/auth-dialog-store.ts';

interface AuthDialogFrameProps {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  /** Test hook: `data-testid` on the dialog paper. */
  testId: string;
  children: ReactNode;
}

/** The shared look of the account dialogs: logo mark, title and subtitle, generous padding. */
export function AuthDialogFrame({ open, onClose, title, subtitle, testId, children }: AuthDialogFrameProps) {
  const { t } = useTranslation('auth');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      slotProps={{
        paper: {
          'data-testid': testId,
          sx: { ...(fullScreen ? { borderRadius: 0 } : {}), px: { xs: 2, sm: 4 }, py: { xs: 2, sm: 4 } },
        } as object,
      }}
    >
      <IconButton
        aria-label={t('close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12, color: 'text.secondary' }}
      >
        <CloseIcon />
      </IconButton>
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 6 }}>
        <LogoMark size={40} style={{ color: 'var(--kw-text)' }} />
      </Box>
      <DialogTitle
        component="h2"
        sx={{
          textAlign: 'center',
          pb: 1,
          pt: 3,
          fontSize: '1.6rem',
          fontWeight: 700,
          letterSpacing: '-0.01em',
        }}
      >
        {title}
      </DialogTitle>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', px: 8 }}>
          {subtitle}
        </Typography>
      )}
      <DialogContent sx={{ pt: '20px !important', pb: 6 }}>{children}</DialogContent>
    </Dialog>
  );
}

/** An account dialog that opens when the dialog store names it (SPEC.md 4 transitions) and closes through it. */
export function StoreAuthDialog({
  dialog,
  ...frame
}: Omit<AuthDialogFrameProps, 'open' | 'onClose'> & { dialog: AuthDialog }) {
  const open = useAuthDialogStore((s) => s.open === dialog);
  const close = useAuthDialogStore((s) => s.close);
  return <AuthDialogFrame open={open} onClose={close} {...frame} />;
}
