/**
 * The `sizes` of the pictures that are the largest thing on their page. The web app renders them with these
 * and the server preloads them with the same ones (page-meta), so the browser fetches the preloaded file
 * rather than a second size.
 */
export const imageSizes = {
  /** The rug page's main gallery picture. */
  rugMain: '(min-width: 1200px) 720px, (min-width: 900px) 56vw, 100vw',
  /** A sale page's cover, beside the sale's title from 900 px up. */
  saleCover: '(min-width: 900px) 40vw, 100vw',
  /** A blog article's cover. */
  postCover: '(min-width: 960px) 900px, 100vw',
} as const;
