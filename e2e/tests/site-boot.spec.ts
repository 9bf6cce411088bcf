import { expect, test } from '../support/platform';

test.describe('site boot and system status', () => {
  test('the home page renders for a normal site', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Lucky Lotus');
  });

  test('status 1 shows the maintenance screen with its end time', async ({ page, operator }) => {
    const endTime = '2030-06-15T12:30:00.000Z';
    await operator.updateSiteSettings({ status: 1, maintenanceEndTime: endTime });
    try {
      await page.goto('/');
      await expect(page.getByTestId('maintenance-screen')).toBeVisible();
      const shown = await page.getByTestId('maintenance-end').textContent();
      const expected = await page.evaluate(
        (iso) =>
          new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(iso),
          ),
        endTime,
      );
      expect(shown).toContain('2030');
      expect(shown).toContain(expected.split(',')[0] ?? expected);
      await expect(page.getByTestId('home-page')).toHaveCount(0);
    } finally {
      await operator.updateSiteSettings({ status: 0, maintenanceEndTime: null });
    }
    await page.goto('/');
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('a visitor from a blocked country sees the blocked screen with its address', async ({
    browser,
    baseURL,
    operator,
  }) => {
    await operator.updateSiteSettings({ blockedCountries: ['US'] });
    // The platform trusts X-Forwarded-For from loopback, as from a reverse proxy on the same host.
    const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '8.8.8.8' } });
    try {
      const page = await visitor.newPage();
      await page.goto('/');
      await expect(page.getByTestId('blocked-screen')).toBeVisible();
      await expect(page.getByTestId('blocked-ip')).toHaveText('8.8.8.8');
    } finally {
      await visitor.close();
      await operator.updateSiteSettings({ blockedCountries: [] });
    }
  });
});

test.describe('routes', () => {
  test('a token in the address moves to session storage and leaves the address bar', async ({ page }) => {
    await page.goto('/promotions?token=abc123token&lang=EN');
    await expect(page).toHaveURL(/\/promotions\?lang=EN$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe('abc123token');
  });

  test('a lottery route without a token goes to /login', async ({ page }) => {
    await page.goto('/vnLottery?gameCode=VN_NORTH');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a deep route survives a reload (history mode)', async ({ page }) => {
    await page.goto('/rng');
    await page.reload();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.locator('main')).toBeVisible();
  });
});
