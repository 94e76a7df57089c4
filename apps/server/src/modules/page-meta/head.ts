/** What a shared link to one page shows: the browser tab, search snippets and social cards. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the preview picture, or null (the card then has no image). */
  image: string | null;
  /** Absolute canonical URL of the page. */
  url: string;
  type: 'website' | 'article';
  /** The page's largest picture, fetched with the HTML instead of after the scripts have run (LCP). */
  preload?: ImagePreload | null;
}

/** A responsive picture to preload: the same srcset and sizes the page's <img> uses, so one file is fetched. */
export interface ImagePreload {
  srcset: string;
  sizes: string;
  /** MIME type of the srcset's files; a browser that cannot show it skips the preload. */
  type: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The tags this module owns; any copy of them already in the template is removed before ours are written. */
const MANAGED_META = [
  'description',
  'og:title',
  'og:description',
  'og:image',
  'og:url',
  'og:type',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
];
const MANAGED_META_RE = new RegExp(
  `[ \\t]*<meta\\s[^>]*(?:name|property)\\s*=\\s*["'](?:${MANAGED_META.join('|')})["'][^>]*>[ \\t]*\\r?\\n?`,
  'gi',
);
const TITLE_RE = /[ \t]*<title[^>]*>[\s\S]*?<\/title>[ \t]*\r?\n?/i;

/**
 * The SPA's index.html with the head tags of one page: <title>, description, Open Graph and Twitter card.
 * Everything is escaped; the template's own versions of these tags are replaced, the rest of the head kept.
 */
export function renderHead(template: string, meta: PageMeta): string {
  const headEnd = template.search(/<\/head>/i);
  if (headEnd < 0) return template;
  const head = template.slice(0, headEnd).replace(TITLE_RE, '').replace(MANAGED_META_RE, '');
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `    <meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const lines = [
    `    <title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    ...(meta.preload
      ? [
          `    <link rel="preload" as="image" type="${escapeHtml(meta.preload.type)}" imagesrcset="${escapeHtml(meta.preload.srcset)}" imagesizes="${escapeHtml(meta.preload.sizes)}" fetchpriority="high" />`,
        ]
      : []),
  ];
  return `${head.replace(/\s*$/, '\n')}${lines.join('\n')}\n  ${template.slice(headEnd)}`;
}
