import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHead } from '../../src/modules/page-meta/head.ts';
import { snippet, rugDescription } from '../../src/modules/page-meta/describe.ts';
import { matchMetaPage } from '../../src/modules/page-meta/match.ts';

const meta = {
  title: 'T',
  description: 'D',
  image: null,
  url: 'https://x.example/a',
  type: 'website' as const,
};

describe('renderHead', () => {
  it('adds the tags to a head that has none of them', () => {
    const html = renderHead('<html><head><meta charset="UTF-8"></head><body></body></html>', meta);
    expect(html).toContain('<meta charset="UTF-8">');
    expect(html).toContain('<title>T</title>');
    expect(html).toContain('<meta property="og:url" content="https://x.example/a" />');
    expect(html).not.toContain('og:image');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('replaces single-quoted and differently ordered copies of the managed tags', () => {
    const html = renderHead(
      `<head><title lang="en">Old</title><meta content="old" name='description'><meta property="og:image" content="old.jpg"/></head>`,
      { ...meta, image: 'https://x.example/i.jpg' },
    );
    expect(html).not.toContain('Old');
    expect(html).not.toContain('old');
    expect(html).toContain('<meta property="og:image" content="https://x.example/i.jpg" />');
  });

  it('leaves a document without a head alone', () => {
    expect(renderHead('<p>no head</p>', meta)).toBe('<p>no head</p>');
  });

  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('snippet', () => {
  it('cuts long text at a word boundary with an ellipsis, within 160 characters', () => {
    const text = `${'word '.repeat(60)}end`;
    const out = snippet(text);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('flattens whitespace and Markdown marks', () => {
    expect(snippet('## A *bold*\n\n[link](https://x) ![pic](p.jpg)')).toBe('A bold link');
  });

  it('describes a rug with no text by its facts', () => {
    expect(
      rugDescription({
        description: ' ',
        originRegion: 'Heriz',
        originCountry: 'Iran',
        circaYear: 1890,
        widthCm: 274,
        lengthCm: 366,
      }),
    ).toBe(`Heriz, Iran · circa 1890 · 274 x 366 cm (9'0" x 12'0")`);
  });
});

describe('matchMetaPage', () => {
  it('matches the four shareable detail routes and decodes the id', () => {
    expect(matchMetaPage('/rug-listing/abc')).toEqual({ kind: 'rug', id: 'abc' });
    expect(matchMetaPage('/rugs-details-live/abc/')).toEqual({ kind: 'rug', id: 'abc' });
    expect(matchMetaPage('/upcoming-auctions/spring%20sale')).toEqual({ kind: 'auction', id: 'spring sale' });
    expect(matchMetaPage('/auction-blog/post')).toEqual({ kind: 'blog', id: 'post' });
  });

  it('ignores other paths, empty, nested, over-long and malformed ids', () => {
    for (const p of [
      '/',
      '/rug-listing',
      '/rug-listing/',
      '/rug-listing/a/b',
      `/rug-listing/${'x'.repeat(201)}`,
      '/rug-listing/%E0%A4%A',
      '/lot',
    ]) {
      expect(matchMetaPage(p)).toBeNull();
    }
  });
});
