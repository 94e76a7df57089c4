import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Grow from '@mui/material/Grow';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { paths } from '@/config/paths.ts';

/** The chat (queries, zod, the live socket's chat channel) is fetched when the panel first opens, not with every page. */
const ChatPanel = lazy(() => import('@/features/chat/components/chat-panel.tsx'));

/**
 * The chat widget's panel: its frame, the conversation and the link to the contact form. Loaded when the widget
 * first opens (chat-widget.tsx), so every page's first paint carries only the button (issue 9).
 */
export function ChatWidgetPanel({
  id,
  open,
  initialId,
  onClose,
}: {
  id: string;
  open: boolean;
  initialId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('contact');
  const { t: tChat } = useTranslation('chat');
  return (
    <Grow in={open} style={{ transformOrigin: 'bottom right' }} unmountOnExit>
      <Paper
        id={id}
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
          <IconButton aria-label={t('chat.close')} onClick={onClose} size="small" sx={{ color: 'inherit' }}>
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
              onClick={onClose}
              data-testid="chat-widget-contact-link"
            >
              {tChat('formLink')}
            </Link>
          </Typography>
        </Box>
      </Paper>
    </Grow>
  );
}
