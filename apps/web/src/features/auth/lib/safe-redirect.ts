/**
 * Only same-site paths may be redirect targets: "/lot?x=1" yes, "//evil.example" or "https://..." no
 * (an open redirect would let a crafted link send a freshly signed-in user elsewhere).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}

/** The ?redirect= of the current URL (set by the signed-in-only guard: /login?redirect=...). */
export function redirectFromLocation(): string | null {
  return new URLSearchParams(window.location.search).get('redirect');
}
