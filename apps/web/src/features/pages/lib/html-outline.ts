export interface OutlineHeading {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface HtmlOutline {
  html: string;
  headings: OutlineHeading[];
}

/** "What we collect" -> "what-we-collect"; the prefix keeps ids clear of the app's own. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/**
 * Gives every h2/h3 of a server-rendered document a stable id (so "#what-we-collect" links work) and
 * lists them for a table of contents. The HTML was sanitised on the server; this only adds ids.
 */
export function outlineHtml(html: string, idPrefix = 'section'): HtmlOutline {
  if (typeof DOMParser === 'undefined') return { html, headings: [] };
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const used = new Set<string>();
  const headings: OutlineHeading[] = [];
  for (const el of Array.from(doc.body.querySelectorAll('h2, h3'))) {
    const text = el.textContent?.trim() ?? '';
    if (!text) continue;
    let id = el.id || `${idPrefix}-${slugify(text) || headings.length + 1}`;
    for (let n = 2; used.has(id); n++) id = `${idPrefix}-${slugify(text)}-${n}`;
    used.add(id);
    el.id = id;
    headings.push({ id, text, level: el.tagName === 'H2' ? 2 : 3 });
  }
  return { html: doc.body.innerHTML, headings };
}
