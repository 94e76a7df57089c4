import { usePushRegistration } from '../hooks/use-push-registration.ts';

/**
 * Push registration, the live unread count and push toasts, as a component the main layout loads after the first
 * paint (at once when someone is signed in): none of it is in the listing's first download (issue 9).
 */
export function PushRegistration() {
  usePushRegistration();
  return null;
}
