import { describe, expect, it } from 'vitest';
import type { FaqGroup } from '@knotwork/shared/schemas/content';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';

const e2e = useE2E();

async function faq() {
  return (await apiCall<{ data: FaqGroup[] }>(e2e.baseUrl, '/auth/faq')).body.data;
}

describe('FAQ', () => {
  it('filters questions and answers as you type, highlights matches, has an empty-search state and clears', async () => {
    const groups = await faq();
    const all = groups.flatMap((g) => g.items);
    const matching = all.filter((i) => `${i.question} ${i.answer}`.toLowerCase().includes('ship'));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);

    const { page } = await e2e.newPage();
    await page.goto('/faq');
    const questions = page.locator('.MuiAccordion-root');
    await visible(questions.first());
    expect(await questions.count()).toBe(all.length);
    // Every group of /auth/faq is a heading.
    for (const g of groups) await visible(page.getByRole('heading', { level: 2, name: g.group }));

    const search = page.getByLabel('Search the questions');
    await search.pressSequentially('ship', { delay: 30 });
    await page.waitForFunction(
      (n) => document.querySelectorAll('.MuiAccordion-root').length === n,
      matching.length,
    );
    await visible(page.getByText(`${matching.length} question${matching.length === 1 ? '' : 's'} match`));
    for (const item of matching) await visible(page.getByRole('button', { name: item.question }));
    // Matches are highlighted and the matching answers are open.
    expect(await page.locator('mark').count()).toBeGreaterThan(0);
    expect((await page.locator('mark').allInnerTexts()).every((m) => m.toLowerCase() === 'ship')).toBe(true);
    await visible(page.getByText(matching[0]!.answer.slice(0, 30), { exact: false }).first());

    await search.fill('zebra quagga');
    await visible(page.getByRole('heading', { name: 'No questions match “zebra quagga”' }));
    expect(await questions.count()).toBe(0);

    await page.getByRole('button', { name: 'Clear the search' }).first().click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.MuiAccordion-root').length === n,
      all.length,
    );
    expect(await search.inputValue()).toBe('');
  });

  it('opens the question named in the address (#id)', async () => {
    const groups = await faq();
    const item = groups.at(-1)!.items.at(-1)!;
    const { page } = await e2e.newPage();
    await page.goto(`/faq#${item.id}`);
    const question = page.getByRole('button', { name: item.question });
    await visible(question);
    await page.waitForFunction(
      (id) => document.getElementById(`${id}-question`)?.getAttribute('aria-expanded') === 'true',
      item.id,
    );
    await visible(page.getByText(item.answer));
    // Opening another question puts it in the address, so it can be shared.
    const other = groups[0]!.items[0]!;
    await page.getByRole('button', { name: other.question }).click();
    await page.waitForFunction((id) => location.hash === `#${id}`, other.id);
    expect(await question.getAttribute('aria-expanded')).toBe('true');
  });
});
