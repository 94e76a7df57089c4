import { env } from '@/config/env.ts';

/** Turns a media path from the API (e.g. /media/ab/cd.webp) into a URL under the media base address. */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${env.mediaBaseUrl}${path}`;
}

export const DEFAULT_AVATAR = '/images/default-avatar.svg';
