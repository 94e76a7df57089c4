import type { Language } from '@knotwork/shared/constants/languages';
import type { ApiNotification, NotificationType } from '@knotwork/shared/schemas/notifications';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  body: string;
  /** A web path the notification opens (e.g. /rugs-details-live/<rugId>, /my-items). */
  link?: string | null;
  data?: Record<string, unknown>;
  /** Title and body in another language; `notify` writes the recipient's (the English above otherwise). */
  localized?: (language: Language) => { title: string; body: string };
}

/** A notification written in a transaction that has not been announced yet: hand it to `deliver` after commit. */
export interface PendingNotification {
  userId: string;
  notification: ApiNotification;
  /** The recipient's unread count once it was written (announced with it; read afresh when absent). */
  unreadCount?: number;
  /** The recipient's settings for this kind (decision 075); absent means on. In-app off: stored read, not announced. */
  inApp?: boolean;
  push?: boolean;
}
