import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/Send';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '@knotwork/shared/schemas/chat';
import { currentLanguage } from '@/lib/i18n.ts';
import { radius } from '@/lib/theme.ts';

const time = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));

/**
 * A conversation's messages, oldest first, and a composer. Bodies are plain text rendered as React text (never
 * HTML), line breaks kept, each in its own writing direction (`dir="auto"`: an English answer in an Arabic page).
 * `mine` says which side sits at the end: the customer's in the widget, the staff's in the inbox.
 */
export function ChatThread({
  messages,
  mine,
  onSend,
  sending,
  sendError,
  testId,
  maxHeight = 320,
}: {
  messages: ChatMessage[];
  mine: ChatMessage['author'];
  onSend: (body: string) => Promise<unknown>;
  sending: boolean;
  sendError?: string | null;
  testId: string;
  maxHeight?: number | string;
}) {
  const { t } = useTranslation('chat');
  const [draft, setDraft] = useState('');
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = draft.trim();
    if (!body || body.length > CHAT_MESSAGE_MAX || sending) return;
    try {
      await onSend(body);
      setDraft('');
    } catch {
      // The caller shows the error; the draft stays so nothing typed is lost.
    }
  };
  const tooLong = draft.length > CHAT_MESSAGE_MAX;

  return (
    <Box data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0 }}>
      <Box
        role="log"
        aria-live="polite"
        aria-label={t('thread.label')}
        sx={{ overflowY: 'auto', maxHeight, display: 'flex', flexDirection: 'column', gap: 1.5, py: 1 }}
      >
        {messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            {t('thread.empty')}
          </Typography>
        )}
        {messages.map((m) => {
          const own = m.author === mine;
          return (
            <Box
              key={m.id}
              data-testid="chat-message"
              data-author={m.author}
              sx={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
            >
              {/* A card's radius, not the theme's pill (52 px × 2): a pill's ends cut into a line's first and
                  last letters (issue 24). The corner toward its author is sharper, as chat bubbles go. */}
              <Box
                dir="auto"
                sx={{
                  px: 4,
                  py: 2.5,
                  borderRadius: `${radius.card}px`,
                  [own ? 'borderEndEndRadius' : 'borderEndStartRadius']: `${radius.small}px`,
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  bgcolor: own ? 'primary.main' : 'action.hover',
                  color: own ? 'primary.contrastText' : 'text.primary',
                  fontSize: '0.9rem',
                }}
              >
                {m.body}
              </Box>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', textAlign: own ? 'end' : 'start', mt: 0.25 }}
              >
                {m.author === 'staff' ? `${m.staffName ?? t('thread.staff')} · ` : ''}
                {time(m.createdAt)}
              </Typography>
            </Box>
          );
        })}
        <div ref={end} />
      </Box>
      <Box
        component="form"
        onSubmit={(e) => void submit(e)}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}
      >
        <TextField
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          placeholder={t('thread.placeholder')}
          slotProps={{
            htmlInput: {
              'aria-label': t('thread.placeholder'),
              'data-testid': `${testId}-input`,
              dir: 'auto',
            },
          }}
          multiline
          maxRows={4}
          size="small"
          fullWidth
          error={tooLong || !!sendError}
          helperText={tooLong ? t('errors.tooLong', { max: CHAT_MESSAGE_MAX }) : (sendError ?? undefined)}
        />
        <IconButton
          type="submit"
          color="primary"
          aria-label={t('thread.send')}
          disabled={sending || !draft.trim() || tooLong}
          data-testid={`${testId}-send`}
          sx={{ mb: sendError || tooLong ? 3 : 0, '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
        >
          <Send />
        </IconButton>
      </Box>
    </Box>
  );
}
