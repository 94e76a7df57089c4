/** Where the API and media live. Same origin by default; a deployment may point media at a CDN. */
export const env = {
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api/v1',
  mediaBaseUrl: (import.meta.env.VITE_MEDIA_BASE_URL as string | undefined) ?? '',
} as const;
