import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { field, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

const e2e = useE2E();

describe('back office: content (issue 11)', () => {
  it('a specialist writes and publishes a post with a picture, edits the FAQ and the About page; a visitor sees each at once', async () => {
    const session = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session });
    const stamp = Date.now();
    const title = `Reading an abrash ${stamp}`;

    await page.goto('/admin/content');
    await visible(page.getByRole('heading', { name: 'Content', level: 1 }));
    await visible(page.getByRole('grid', { name: 'Blog' }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New post' }).click();
    const form = await visible(page.getByRole('form', { name: 'Post' }));
    await field(form, 'Title').fill(title);
    await field(form, 'Author').fill('Miriam Haddad');
    await field(form, 'Excerpt').fill('What bands of uneven colour tell a buyer.');
    await field(form, 'Text (Markdown)').fill('## Colour\n\nBands of **dye** from different batches.');
    // The preview is the server's rendering, as visitors will get it.
    await visible(page.getByTestId('post-body-preview').getByRole('heading', { name: 'Colour' }));
    await form.getByRole('button', { name: 'Create the post' }).click();
    await visible(toast(page, 'Created'));
    await page.waitForURL(/\/admin\/content\/posts\/[0-9a-f-]{36}$/);

    const png = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#7a2b2b' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('post-body-image-input')
      .setInputFiles({ name: 'abrash.png', mimeType: 'image/png', buffer: png });
    await visible(toast(page, 'Picture inserted'), 30_000);
    await expect
      .poll(() => field(form, 'Text (Markdown)').inputValue())
      .toMatch(/!\[abrash\]\(\/media\/blog\/.+\.webp\)/);
    await visible(page.getByTestId('post-body-preview').getByRole('img', { name: 'abrash' }));
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved'));
    await page.getByRole('switch', { name: 'Visible on the blog' }).click();
    await visible(toast(page, 'Published'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // FAQ: a new question at the end of the first group.
    await page.goto('/admin/content?tab=faq');
    const newQuestion = await visible(page.getByRole('form', { name: /^New question in / }).first());
    const question = `Can I bid from my phone? ${stamp}`;
    await field(newQuestion, 'Question').fill(question);
    await field(newQuestion, 'Answer').fill('Yes: every page works on a phone.');
    await newQuestion.getByRole('button', { name: 'Add the question' }).click();
    await visible(toast(page, 'Created'));
    await visible(page.getByRole('form', { name: question }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // About: a sentence added to the story.
    await page.goto('/admin/content?tab=pages');
    const about = await visible(page.getByRole('form', { name: 'Edit the page: About us' }));
    const body = field(about, 'Text (Markdown)');
    const sentence = `We answer every question within a day (${stamp}).`;
    await body.fill(`${await body.inputValue()}\n\n${sentence}`);
    await about.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A visitor, in another browser, sees all three at once.
    const visitor = (await e2e.newPage()).page;
    await visitor.goto('/auction-blog');
    await visitor.getByRole('link', { name: title }).first().click();
    await visible(visitor.getByRole('heading', { name: title, level: 1 }));
    await visible(visitor.getByTestId('article-body').getByRole('img', { name: 'abrash' }));
    await visitor.goto('/faq');
    await visible(visitor.getByText(question));
    await visitor.goto('/about-us');
    await visible(visitor.getByTestId('about-story').getByText(sentence));
  }, 180_000);

  it('every content tab is axe clean and fits a 390 px phone without sideways scrolling', async () => {
    const session = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session });
    for (const [tab, ready] of [
      ['blog', 'New post'],
      ['faq', 'Add the group'],
      ['pages', 'Save'],
      ['testimonials', 'Add a testimonial'],
      ['careers', 'Add a position'],
      ['home', 'Save'],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`/admin/content?tab=${tab}`);
      await visible(page.getByRole(tab === 'blog' ? 'link' : 'button', { name: ready }).last(), 20_000);
      expect(await seriousAxeViolations(page), tab).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.scrollingElement!.scrollWidth), { message: tab })
        .toBeLessThanOrEqual(390);
      if (process.env.CONTENT_SCREENSHOTS)
        await page.screenshot({
          path: `${process.env.CONTENT_SCREENSHOTS}/content-${tab}-390.png`,
          fullPage: false,
        });
    }
  }, 120_000);

  it('a specialist features a sale on the home page; a visitor sees it there', async () => {
    const session = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session });
    const home = await apiCall<{ data: { sales: { id: string; title: string }[]; version: number } }>(
      e2e.baseUrl,
      '/admin/content/home',
      { token: session.token },
    );
    const sale = home.body.data.sales[0]!;
    await page.goto('/admin/content?tab=home');
    const form = await visible(page.getByRole('form', { name: 'Home page choices' }));
    await field(form, 'Featured sale').click();
    await page.getByRole('option', { name: new RegExp(`^${sale.title}`) }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Saved'));
    try {
      const visitor = (await e2e.newPage()).page;
      await visitor.goto('/');
      const section = await visible(
        visitor.getByRole('region', { name: 'The sale our specialists are watching' }),
        20_000,
      );
      await visible(section.getByText(sale.title).first());
      expect(await seriousAxeViolations(visitor)).toEqual([]);
    } finally {
      // The shared server's other tests expect the home page as it was.
      const now = await apiCall<{ data: { version: number } }>(e2e.baseUrl, '/admin/content/home', {
        token: session.token,
      });
      await apiCall(e2e.baseUrl, '/admin/content/home', {
        method: 'PUT',
        token: session.token,
        body: { featuredSaleId: null, collectionIds: [], version: now.body.data.version },
      });
    }
  }, 120_000);
});
