import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { CHAT_MESSAGE_MAX, type ChatStartResponse } from '@knotwork/shared/schemas/chat';
import { ApiError, isNotFound } from '@/lib/api-client.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { translateMessage } from '@/lib/messages.ts';
import { chatKeys, getAvailability, listMyConversations, startConversation } from '../api/chat-api.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { readVisitorChat, writeVisitorChat } from '../lib/chat-session.ts';
import { AvailabilityNotice } from './availability-notice.tsx';
import { ChatThread } from './chat-thread.tsx';

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? translateMessage(err.message) : fallback;

/**
 * The widget's content (decision 050): a visitor leaves an e-mail address and a first message, then talks in
 * that conversation for the tab's session; a signed-in customer sees their conversations and can start one.
 * `initialId`: a conversation named by an e-mail's link back.
 */
export default function ChatPanel({ initialId }: { initialId: string | null }) {
  const user = useAuthStore((s) => s.user);
  const availability = useQuery({
    queryKey: chatKeys.availability,
    queryFn: getAvailability,
    refetchInterval: 60_000,
  });
  const [visitor, setVisitor] = useState(readVisitorChat);
  const [openId, setOpenId] = useState<string | null>(user ? initialId : null);
  const [creating, setCreating] = useState(false);

  let body;
  if (user) {
    if (openId) body = <Conversation id={openId} token={null} signedIn onBack={() => setOpenId(null)} />;
    else if (creating)
      body = (
        <StartForm
          askEmail={false}
          onStarted={(r) => {
            setCreating(false);
            setOpenId(r.data.id);
          }}
          onBack={() => setCreating(false)}
        />
      );
    else body = <MyConversations userId={user.id} onOpen={setOpenId} onNew={() => setCreating(true)} />;
  } else if (visitor) {
    body = (
      <Conversation
        id={visitor.id}
        token={visitor.token}
        signedIn={false}
        onLost={() => (writeVisitorChat(null), setVisitor(null))}
      />
    );
  } else {
    body = (
      <StartForm
        askEmail
        onStarted={(r) => {
          const chat = { id: r.data.id, token: r.token! };
          writeVisitorChat(chat);
          setVisitor(chat);
        }}
      />
    );
  }
  return (
    <Box>
      <AvailabilityNotice availability={availability.data} />
      {body}
    </Box>
  );
}

function StartForm({
  askEmail,
  onStarted,
  onBack,
}: {
  askEmail: boolean;
  onStarted: (r: ChatStartResponse) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const start = useMutation({
    mutationFn: () =>
      startConversation({ ...(askEmail ? { email: email.trim() } : {}), body: message.trim() }),
    onSuccess: (r) => {
      queryClient.setQueryData(chatKeys.conversation(r.data.id), r.data);
      void queryClient.invalidateQueries({ queryKey: ['chat', 'mine'] });
      onStarted(r);
    },
  });
  const emailError =
    askEmail && touched && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim())
      ? t('errors.email')
      : undefined;
  const messageError =
    touched && !message.trim()
      ? t('errors.message')
      : message.length > CHAT_MESSAGE_MAX
        ? t('errors.tooLong', { max: CHAT_MESSAGE_MAX })
        : undefined;
  const fieldErrors = start.error instanceof ApiError ? start.error.fieldErrors : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const ok =
      (!askEmail || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim())) &&
      message.trim() &&
      message.length <= CHAT_MESSAGE_MAX;
    if (ok) start.mutate();
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="chat-start-form"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      {onBack && <BackButton onClick={onBack} />}
      <Typography variant="body2">{askEmail ? t('start.visitorIntro') : t('start.userIntro')}</Typography>
      {askEmail && (
        <TextField
          label={t('start.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!emailError || !!fieldErrors.email}
          helperText={
            emailError ?? (fieldErrors.email ? translateMessage(fieldErrors.email) : t('start.emailHelp'))
          }
          slotProps={{ htmlInput: { 'data-testid': 'chat-start-email', dir: 'ltr' } }}
          size="small"
          required
        />
      )}
      <TextField
        label={t('start.message')}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={!!messageError || !!fieldErrors.body}
        helperText={
          messageError ??
          (fieldErrors.body ? translateMessage(fieldErrors.body) : `${message.length} / ${CHAT_MESSAGE_MAX}`)
        }
        slotProps={{ htmlInput: { 'data-testid': 'chat-start-message', dir: 'auto' } }}
        multiline
        minRows={3}
        maxRows={6}
        size="small"
        required
      />
      {start.isError && !fieldErrors.email && !fieldErrors.body && (
        <Alert severity="error">{errorText(start.error, t('errors.generic'))}</Alert>
      )}
      <Button type="submit" variant="contained" disabled={start.isPending} data-testid="chat-start-submit">
        {start.isPending ? (
          <CircularProgress size={20} color="inherit" aria-label={t('sending')} />
        ) : (
          t('start.submit')
        )}
      </Button>
    </Box>
  );
}

function Conversation({
  id,
  token,
  signedIn,
  onBack,
  onLost,
}: {
  id: string;
  token: string | null;
  signedIn: boolean;
  onBack?: () => void;
  onLost?: () => void;
}) {
  const { t } = useTranslation('chat');
  const { query, send } = useConversation(id, token, signedIn);
  const notFound = isNotFound(query.error);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {onBack && <BackButton onClick={onBack} />}
      {query.isPending && <Loading />}
      {query.isError && (
        <Alert
          severity={notFound ? 'info' : 'error'}
          action={
            notFound && onLost ? (
              <Button color="inherit" size="small" onClick={onLost}>
                {t('start.again')}
              </Button>
            ) : (
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('retry')}
              </Button>
            )
          }
        >
          {notFound ? t('errors.notFound') : t('errors.load')}
        </Alert>
      )}
      {query.data && (
        <ChatThread
          messages={query.data.messages}
          mine="customer"
          onSend={(body) => send.mutateAsync(body)}
          sending={send.isPending}
          sendError={send.isError ? errorText(send.error, t('errors.generic')) : null}
          testId="chat-thread"
          maxHeight="min(320px, calc(100vh - 360px))"
        />
      )}
    </Box>
  );
}

function MyConversations({
  userId,
  onOpen,
  onNew,
}: {
  userId: string;
  onOpen: (id: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation('chat');
  const list = useQuery({ queryKey: chatKeys.mine(userId), queryFn: listMyConversations });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="chat-my-conversations">
      <Button variant="contained" onClick={onNew} data-testid="chat-new">
        {t('list.new')}
      </Button>
      {list.isPending && <Loading />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('errors.load')}
        </Alert>
      )}
      {list.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 3 }}>
          {t('list.empty')}
        </Typography>
      )}
      {list.data && list.data.length > 0 && (
        <List dense disablePadding aria-label={t('list.title')}>
          {list.data.map((c) => (
            <ListItemButton key={c.id} onClick={() => onOpen(c.id)} sx={{ borderRadius: 1 }}>
              <ListItemText
                primary={
                  <Box
                    component="span"
                    dir="auto"
                    sx={{
                      display: 'block',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {c.lastMessage ?? '…'}
                  </Box>
                }
                secondary={`${t(`status.${c.status}`)} · ${new Date(c.lastMessageAt).toLocaleDateString()}${c.unread > 0 ? ` · ${t('list.unread', { count: c.unread })}` : ''}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Button
      size="small"
      onClick={onClick}
      startIcon={<ArrowBack sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('list.back')}
    </Button>
  );
}

function Loading() {
  const { t } = useTranslation('chat');
  return (
    <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
      <CircularProgress size={24} />
    </Box>
  );
}
