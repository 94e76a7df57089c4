import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Close from '@mui/icons-material/Close';

/** The form (react-hook-form, zod, text fields) is fetched when the panel first opens, not with every page. */
const ContactForm = lazy(() => import('./contact-form.tsx').then((m) => ({ default: m.ContactForm })));

const PANEL_ID = 'chat-widget-panel';

/**
 * The chat widget on every page of the main layout (SPEC.md 1): a button bottom-right opening a small
 * panel that sends the message through the contact call and confirms in place. It sits at the bottom
 * so it never covers the toasts, which appear at the top.
 */
export function ChatWidget() {
  const { t } = useTranslation('contact');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  return (
    <Box
      sx={{
        position: 'fixed',
        right: { xs: 16, sm: 24 },
        bottom: { xs: 16, sm: 24 },
        zIndex: (th) => th.zIndex.speedDial,
      }}
    >
      <Grow in={open} style={{ transformOrigin: 'bottom right' }} unmountOnExit>
        <Paper
          id={PANEL_ID}
          role="dialog"
          aria-labelledby="chat-widget-title"
          data-testid="chat-widget-panel"
          elevation={12}
          sx={{
            position: 'absolute',
            right: 0,
            bottom: 72,
            width: { xs: 'calc(100vw - 32px)', sm: 360 },
            maxHeight: 'calc(100vh - 120px)',
            overflowY: 'auto',
          }}
        >
          <Box
            sx={{
              bgcolor: (th) => (th.palette.mode === 'dark' ? 'background.subtle' : 'grey.900'),
              color: (th) => (th.palette.mode === 'dark' ? 'text.primary' : 'common.white'),
              px: 5,
              py: 4,
              display: 'flex',
              alignItems: 'flex-start',
              gap: 2,
            }}
          >
            <Box sx={{ flex: 1 }}>
              <Typography id="chat-widget-title" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                {t('chat.title')}
              </Typography>
              <Typography variant="body2" sx={{ opacity: 0.75 }}>
                {t('chat.subtitle')}
              </Typography>
            </Box>
            <IconButton
              aria-label={t('chat.close')}
              onClick={() => setOpen(false)}
              size="small"
              sx={{ color: 'inherit' }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
          <Box sx={{ p: 5 }}>
            {sent ? (
              <Box role="status" sx={{ textAlign: 'center', py: 4 }} data-testid="chat-widget-sent">
                <CheckCircleOutline color="success" sx={{ fontSize: 48 }} />
                <Typography sx={{ fontWeight: 600, mt: 2 }}>{t('chat.sentTitle')}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {sent}
                </Typography>
                <Button onClick={() => setSent(null)} sx={{ mt: 4 }}>
                  {t('chat.another')}
                </Button>
              </Box>
            ) : (
              <Suspense fallback={<Box sx={{ minHeight: 320 }} aria-busy="true" />}>
                <ContactForm dense clearOnFailure={false} onSent={setSent} testId="chat-widget-form" />
              </Suspense>
            )}
          </Box>
        </Paper>
      </Grow>
      <Fab
        color="primary"
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="chat-widget-button"
      >
        {open ? <Close /> : <ChatBubbleOutline />}
      </Fab>
    </Box>
  );
}
