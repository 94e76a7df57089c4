// The fixed English messages of content (zod-free, so the web's message catalogue can load without zod).
/** Answers of the content routes that are not validation messages (those live next to their schema). */
export const contentMessages = {
  postNotFound: 'This article could not be found',
  pageNotFound: 'This page could not be found',
  notifySubscribed: 'Thank you. We will e-mail you when new auctions open.',
} as const;
