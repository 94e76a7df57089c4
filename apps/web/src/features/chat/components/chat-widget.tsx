import { Suspense, useEffect, useState } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { takeChatFromUrl } from '@/features/chat/lib/chat-session.ts';

// The panel (its frame, the conversation, the live socket's chat channel) loads when the widget first opens.
const ChatWidgetPanel = lazyMui(() =>
  import('./chat-widget-panel.tsx').then((m) => ({ default: m.ChatWidgetPanel })),
);

const PANEL_ID = 'chat-widget-panel';

/**
 * The chat widget on every page of the main layout (SPEC.md 1, issue 12): a button bottom-right opening a small
 * panel with a real conversation with the house (features/chat, decision 050); the contact form stays on
 * /contact-us, linked from the panel. It sits at the bottom so it never covers the toasts, which appear at the top.
 * The button is plain (styles/buttons.css, decision 067): every page's first paint shows it.
 */
export function ChatWidget() {
  const { t } = useTranslation('contact');
  const [open, setOpen] = useState(false);
  // Set by the first opening and kept, so the panel stays mounted for its closing animation.
  const [panelWanted, setPanelWanted] = useState(false);
  if (open && !panelWanted) setPanelWanted(true);
  const [initialId, setInitialId] = useState<string | null>(null);
  // An e-mail's link back (`?chat=<id>&chatToken=...`) opens the conversation it names.
  useEffect(() => {
    const id = takeChatFromUrl();
    if (!id) return;
    setInitialId(id);
    setOpen(true);
  }, []);

  return (
    <div className="kw-corner kw-corner--end">
      {panelWanted && (
        <Suspense fallback={null}>
          <ChatWidgetPanel id={PANEL_ID} open={open} initialId={initialId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="kw-fab"
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => setOpen((v) => !v)}
        data-testid="chat-widget-button"
      >
        <PlainIcon name={open ? 'close' : 'chat'} />
      </button>
    </div>
  );
}
