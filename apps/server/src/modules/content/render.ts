import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// A private Marked instance: options set here never leak into (or from) another module's use of marked.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What survives sanitising: the structure Markdown produces, nothing that runs. No scripts, styles,
 * iframes, forms or event-handler attributes; links only to http(s), mailto and relative addresses.
 * Raw HTML written inside the Markdown goes through the same filter, so an editor (or an attacker with
 * database access) cannot smuggle `<script>`, `onerror=` or `javascript:` into a page.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // Script and style bodies are dropped with their tags, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // A page's one <h1> is its title; headings inside the body start at <h2>.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/** Markdown (from the database) to HTML that is safe to inject into a page. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, SANITIZE);
}

/** Whole minutes to read `words` words at an unhurried 220 words per minute; never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}
