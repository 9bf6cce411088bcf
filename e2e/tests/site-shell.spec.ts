import type { Page } from '@playwright/test';
import { expect, test } from '../support/platform';
import { expectAccessible, rememberChoices } from '../support/screens';

type Screen = { name: string; path: string; ready: (page: Page) => Promise<void> };

const guestScreens: Screen[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => expect(page.getByTestId('home-page')).toBeVisible(),
  },
  {
    name: 'lobby',
    path: '/rng',
    ready: (page) => expect(page.getByTestId('lobby-page')).toBeVisible(),
  },
  {
    name: 'login-modal',
    path: '/login',
    ready: (page) => expect(page.getByTestId('login-submit')).toBeVisible(),
  },
];
const registerScreen: Screen = {
  name: 'register-modal',
  path: '/register',
  ready: (page) => expect(page.getByTestId('register-submit')).toBeVisible(),
};

test.describe('site shell', () => {
  test('the header clock ticks every second', async ({ page }) => {
    await page.goto('/');
    const clock = page.getByTestId('header-clock');
    await expect(clock).toContainText(/GMT[+-]\d/);
    const first = await clock.getAttribute('datetime');
    await expect.poll(() => clock.getAttribute('datetime'), { timeout: 3_000 }).not.toBe(first);
  });

  test('the language switch to UR turns the layout right-to-left and back', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'ltr');
    const language = page.getByRole('banner').locator('select');

    await language.selectOption('UR');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ur');
    // The logo now sits at the right-hand end of the header.
    const logo = await page.locator('.site-header__logo').boundingBox();
    expect((logo?.x ?? 0) > (page.viewportSize()?.width ?? 0) / 2).toBe(true);
    await expect(page.getByTestId('header-login')).not.toHaveText('Log in');
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')]),
    ).toEqual(['UR', 'EN']);

    await page.reload();
    await expect(html).toHaveAttribute('dir', 'rtl');

    await language.selectOption('EN');
    await expect(html).toHaveAttribute('dir', 'ltr');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('header-login')).toHaveText('Log in');
  });

  test('a first visit follows the system theme and a chosen theme survives reloads', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.goto('/rng');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.getByTestId('theme-toggle').click();
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');

    // A visitor who never chose, on a light system.
    await page.evaluate(() => {
      localStorage.removeItem('theme');
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('each route sets its title and description', async ({ page }) => {
    await page.goto('/cockfight');
    await expect(page).toHaveTitle(/^Cockfight \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /cockfight/i);
    await page.goto('/promotions');
    await expect(page).toHaveTitle(/^Promotions \| /);
  });

  test('on a 360-pixel phone the bottom navigation replaces the right bar, and leaves game pages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/rng');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    // Three game cards a row.
    const rowTops = await page
      .getByTestId('game-card')
      .evaluateAll((cards) => cards.slice(0, 4).map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(rowTops.slice(0, 3)).toEqual([rowTops[0], rowTops[0], rowTops[0]]);
    expect(rowTops[3]).toBeGreaterThan(rowTops[0] ?? 0);
    await expect(page.locator('.floating-bar')).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Quick navigation' });
    const bar = await nav.boundingBox();
    if (!bar) throw new Error('the bottom navigation is not on screen');
    expect(bar).toMatchObject({ x: 0, width: 360 });
    expect(bar.y).toBeGreaterThanOrEqual(740 - bar.height - 1);
    for (const link of await nav.getByRole('link').all()) {
      expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expect(nav.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Promotions' }).click();
    await expect(page).toHaveURL(/\/promotions$/);
    await expect(nav.getByRole('link', { name: 'Promotions' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // One header row; its settings are in the side menu.
    expect((await page.locator('.site-header').boundingBox())?.height ?? 999).toBeLessThanOrEqual(60);
    await expect(page.locator('.site-header').getByTestId('theme-toggle')).toHaveCount(0);
    await page.locator('.site-header__menu-button').click();
    await page.getByTestId('side-menu-settings').getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // Nothing scrolls sideways on the narrowest phones either.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/rng', '/promotions']) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Quick navigation' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }

    // A modal is a full-height sheet on a phone.
    await page.goto('/login');
    const sheet = await page.getByRole('dialog').boundingBox();
    expect(sheet).toMatchObject({ x: 0, y: 0, width: 320, height: 640 });
  });

  for (const screen of [...guestScreens, registerScreen]) {
    test(`axe finds no serious or critical problem on ${screen.name}`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const theme of ['light', 'dark'] as const) {
        await page.goto(screen.path);
        await screen.ready(page);
        await expectAccessible(page, theme);
      }
      // Right-to-left Urdu once too: its own words, font and mirrored layout.
      await rememberChoices(page, 'dark', 'UR');
      await page.goto(screen.path);
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectAccessible(page, 'dark');
    });
  }
});
