/**
 * A visitor's conversation for this browser tab's session (decision 050): its id and secret token in
 * sessionStorage, so it survives page changes and reloads but not the closed tab. An e-mail link for a late
 * reply (`?chat=<id>&chatToken=<token>`) puts it back.
 */
const KEY = 'knotwork.chat';

export interface VisitorChat {
  id: string;
  token: string;
}

export function readVisitorChat(): VisitorChat | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<VisitorChat>) : null;
    return value?.id && value.token ? { id: value.id, token: value.token } : null;
  } catch {
    return null;
  }
}

export function writeVisitorChat(chat: VisitorChat | null) {
  if (chat) sessionStorage.setItem(KEY, JSON.stringify(chat));
  else sessionStorage.removeItem(KEY);
}

/** Reads and removes `chat` / `chatToken` from the address (an e-mail's link back); returns the conversation id. */
export function takeChatFromUrl(): string | null {
  const url = new URL(window.location.href);
  const id = url.searchParams.get('chat');
  if (!id) return null;
  const token = url.searchParams.get('chatToken');
  if (token) writeVisitorChat({ id, token });
  url.searchParams.delete('chat');
  url.searchParams.delete('chatToken');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return id;
}
