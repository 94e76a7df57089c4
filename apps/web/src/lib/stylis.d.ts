// stylis ships without types; the emotion cache only needs its vendor-prefixing plugin.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
