import { usePushRegistration } from '../hooks/use-push-registration.ts';

/**
 * Push registration, the live unread count and push toasts for a signed-in visitor, as a component the main
 * layout loads only once someone is signed in: a visitor browsing the catalogue downloads none of it (issue 9).
 */
export function PushRegistration() {
  usePushRegistration();
  return null;
}
