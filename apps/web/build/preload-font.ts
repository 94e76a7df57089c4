import type { Plugin } from 'vite';

/**
 * Preloads the Latin file of the body font from the page's head. Discovered only through the stylesheet, once the
 * browser laid the page out with the fallback font, it arrived after the first layout, and the swap laid the whole
 * page out again: on a phone one task of 250-600 ms that Lighthouse counted as blocking (issue 24 section 10).
 * Preloaded, it is usually there for the first layout. Latin only: the other subsets (Cyrillic, Vietnamese, Latin
 * Extended) are for words the house's languages rarely use, and load as before when a page needs them.
 */
export function preloadFont(pattern = /montserrat-latin-wght-normal-[^/]*\.woff2$/): Plugin {
  return {
    name: 'knotwork:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
        if (!file) return html;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
