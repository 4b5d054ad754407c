import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';

/** The login card's box (the card holding the Log in / Sign up tabs). */
async function cardBox(page: Page) {
  const card = page
    .locator('section', { has: page.getByRole('tablist') })
    .locator('.fui-Card')
    .first();
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  if (!box) throw new Error('the login card has no box');
  return box;
}

/** True when the page scrolls sideways (something is wider than the viewport). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

for (const width of [1440, 390, 360]) {
  test(`the login card keeps its width between Log in and Sign up at ${width} px, without sideways scrolling @auth`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const login = await cardBox(page);
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    const signup = await cardBox(page);
    expect(await scrollsSideways(page)).toBe(false);

    expect(Math.abs(signup.width - login.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(signup.x - login.x)).toBeLessThanOrEqual(1);
    // as wide as the design allows: 460 px, or the screen's width less the margins
    expect(login.width).toBeLessThanOrEqual(460);
    expect(login.width).toBeGreaterThanOrEqual(Math.min(460, width - 100));
    expect(login.x + login.width).toBeLessThanOrEqual(width);
  });
}
