import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { header, toast, visible } from '../helpers/ui.ts';

const e2e = useE2E();

describe('profile picture', () => {
  it('uploads a PNG on /profile and shows it in the header avatar', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 138, g: 46, b: 36 } },
    })
      .png()
      .toBuffer();

    const { page } = await e2e.newPage({ session: user });
    await page.goto('/profile');
    const headerAvatar = header(page).getByRole('button', { name: 'Account menu' }).locator('img');
    await visible(headerAvatar);
    const before = await headerAvatar.getAttribute('src');
    expect(before).toContain('default-avatar');

    await page
      .getByLabel('Choose a profile picture')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(toast(page, apiMessages.profileUpdated));
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('header [data-testid="account-menu-button"] img');
      return Boolean(img && !img.src.includes('default-avatar') && img.complete && img.naturalWidth > 0);
    });
    expect(await headerAvatar.getAttribute('src')).toMatch(/\/media\//);
  });
});
