import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Fab from '@mui/material/Fab';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import Close from '@mui/icons-material/Close';

import { paths } from '@/config/paths.ts';
import { takeChatFromUrl } from '@/features/chat/lib/chat-session.ts';

/** The chat (queries, zod, the live socket's chat channel) is fetched when the panel first opens, not with every page. */
const ChatPanel = lazy(() => import('@/features/chat/components/chat-panel.tsx'));

const PANEL_ID = 'chat-widget-panel';

/**
 * The chat widget on every page of the main layout (SPEC.md 1, issue 12): a button bottom-right opening a small
 * panel with a real conversation with the house (features/chat, decision 050); the contact form stays on
 * /contact-us, linked from the panel. It sits at the bottom so it never covers the toasts, which appear at the top.
 */
export function ChatWidget() {
  const { t } = useTranslation('contact');
  const { t: tChat } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [initialId, setInitialId] = useState<string | null>(null);
  // An e-mail's link back (`?chat=<id>&chatToken=...`) opens the conversation it names.
  useEffect(() => {
    const id = takeChatFromUrl();
    if (!id) return;
    setInitialId(id);
    setOpen(true);
  }, []);

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
            <Suspense fallback={<Box sx={{ minHeight: 240 }} aria-busy="true" />}>
              <ChatPanel initialId={initialId} />
            </Suspense>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
              <Link
                component={RouterLink}
                to={paths.contactUs.href()}
                onClick={() => setOpen(false)}
                data-testid="chat-widget-contact-link"
              >
                {tChat('formLink')}
              </Link>
            </Typography>
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
