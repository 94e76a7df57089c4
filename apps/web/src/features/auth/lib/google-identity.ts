/**
 * Google Identity Services, loaded only when the server reports a client id (SPEC.md 7: "Sign-in with the
 * third-party provider loads the provider's script"). Only the few calls we use are typed here.
 */
export interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill' | 'circle' | 'square';
      logo_alignment?: 'left' | 'center';
      width?: number;
      /** The button's language (Google writes its own text); the browser's when absent. */
      locale?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleAccountsId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google.accounts.id);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('Google Identity Services did not initialise'));
    script.onerror = () => {
      loading = null; // allow a later retry, e.g. after the network comes back
      script.remove();
      reject(new Error('Could not load Google Identity Services'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** GIS keeps one global callback; the latest mounted button owns it. */
let initializedFor: string | null = null;
let currentCallback: (response: GoogleCredentialResponse) => void = () => undefined;

export function initGoogleIdentity(
  id: GoogleAccountsId,
  clientId: string,
  callback: (response: GoogleCredentialResponse) => void,
) {
  currentCallback = callback;
  if (initializedFor === clientId) return;
  id.initialize({ client_id: clientId, callback: (response) => currentCallback(response), ux_mode: 'popup' });
  initializedFor = clientId;
}
