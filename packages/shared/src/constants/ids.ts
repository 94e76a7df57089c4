/** A UUID's text form, unanchored, to embed in larger patterns (the realtime channel names). */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A UUID in its text form, any version, either case: the one test for ids in URLs, query strings, tokens and
 * channel names on the server and the web (PostgreSQL reads either case the same; callers lower-case ids they keep).
 */
export const UUID_PATTERN = new RegExp(`^${UUID_SOURCE}$`, 'i');

export const isUuid = (s: string): boolean => UUID_PATTERN.test(s);
