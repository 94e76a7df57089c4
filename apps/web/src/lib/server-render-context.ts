import { createContext } from 'react';
import type { EmotionCache } from '@emotion/react';

/**
 * What a server render (entry-server.tsx) gives the tree below it: its per-request styles cache, which the MUI
 * scopes use (lib/mui-scope.tsx), and the screen width it assumes, which answers media queries
 * (lib/use-media-query.ts). Empty in the browser. A plain React context: the MUI theme layer is not in every
 * page's first download (issue 9, decision 070), so this cannot be MUI's.
 */
export interface ServerRender {
  emotionCache?: EmotionCache;
  ssrWidth?: number;
}

export const ServerRenderContext = createContext<ServerRender>({});
