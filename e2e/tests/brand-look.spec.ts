import type { Page } from '@playwright/test';
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
