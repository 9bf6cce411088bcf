import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

const tokens = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return {
      bg: style.getPropertyValue('--color-bg').trim(),
      accent: style.getPropertyValue('--color-accent').trim(),
      onAccent: style.getPropertyValue('--color-on-accent').trim(),
    };
  });

test("the brand's colours are data: the demo's own palette, and an operator's change on the next load", async ({
  page,
  operator,
}) => {
  const settings = await operator.call('GET', '/wps/backoffice/site/settings');
  const { palette } = ((await settings.json()) as { value: { palette: unknown } }).value;
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('.site-header')).toBeVisible();
    expect(await tokens(page)).toEqual({ bg: '#12061f', accent: '#f2c14e', onAccent: '#111111' });

    await operator.updateSiteSettings({
      palette: {
        light: { background: '#f2f7f4', surface: '#ffffff', accent: '#0b6e4f' },
        dark: { background: '#04140e', surface: '#0b241a', accent: '#3ddc97' },
      },
    });
    // The site's configuration is kept for a few seconds per brand: a later load shows the change.
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await tokens(page)).accent;
        },
        { timeout: 15_000, intervals: [1_000] },
      )
      .toBe('#3ddc97');
    expect(await tokens(page)).toEqual({ bg: '#04140e', accent: '#3ddc97', onAccent: '#111111' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.evaluate(() => {
      localStorage.setItem('theme', 'light');
    });
    await page.reload();
    expect(await tokens(page)).toEqual({ bg: '#f2f7f4', accent: '#0b6e4f', onAccent: '#ffffff' });
  } finally {
    await operator.updateSiteSettings({ palette });
  }
});

/** The faces the page has loaded (the site loads a brand's only when it uses them). */
const loadedFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const families: string[] = [];
    document.fonts.forEach((face) => {
      if (face.status === 'loaded') families.push(face.family.replace(/["']/g, ''));
    });
    return families;
  });

test("the brand's fonts and logo are data: the demo's Poppins, and an operator's choice in the console", async ({
  page,
  browser,
  operator,
}) => {
  test.setTimeout(120_000);
  const settings = await operator.call('GET', '/wps/backoffice/site/settings');
  const { fonts } = ((await settings.json()) as { value: { fonts: unknown } }).value;
  const consoleContext = await browser.newContext();
  try {
    await page.goto('/');
    const name = page.locator('.site-header__logo');
    await expect(name).toHaveText('Lucky Lotus');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Poppins,/);
    await expect.poll(() => loadedFaces(page)).toContain('Poppins');

    const staff = await consoleContext.newPage();
    await signInToConsole(staff, await operator.createStaff('admin'), 'a brand manager passphrase');
    await staff.getByTestId('nav-site').click();
    const fontsCard = staff.getByTestId('site-fonts');
    await fontsCard.getByTestId('fonts-body').selectOption('inter');
    await fontsCard.getByTestId('fonts-headings').selectOption('playfair-display');
    await fontsCard.getByTestId('site-fonts-save').click();
    await expect(fontsCard.getByTestId('site-fonts-saved')).toBeVisible();
    const logoCard = staff.getByTestId('site-logo');
    await logoCard.getByTestId('site-logo-file').setInputFiles({
      name: 'lotus.png',
      mimeType: 'image/png',
      buffer: readFileSync(new URL('../../apps/web/public/icons/icon-192.png', import.meta.url)),
    });
    await expect(logoCard.getByRole('img', { name: 'Lucky Lotus' })).toBeVisible();

    // The site's configuration is kept for a few seconds per brand: a later load shows the change.
    const logo = page.getByRole('img', { name: 'Lucky Lotus' });
    await expect(async () => {
      await page.reload();
      await expect(logo).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(name).toHaveText('');
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect((await logo.boundingBox())?.height).toBe(44);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Inter,/);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--font-headings'),
      ),
    ).toMatch(/^'Playfair Display',/);
    await expect.poll(() => loadedFaces(page)).toContain('Inter');

    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(async () => (await logo.boundingBox())?.height).toBe(36);
  } finally {
    await consoleContext.close();
    await operator.call('DELETE', '/wps/backoffice/site/logo');
    await operator.updateSiteSettings({ fonts });
  }
});
