import { expect, test } from '../support/platform';

// These journeys are about the popup itself, so it shows as it would to a new visitor.
test.use({ announcementPopups: 'shown' });

test.describe('site content', () => {
  test('the announcement popup pages, selects, and stays closed for the session once closed', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/');
    const popup = page.getByTestId('announcement-popup');
    await expect(popup).toBeVisible();
    const items = popup.getByTestId('announcement-item');
    const selectedTitle = popup.getByTestId('announcement-pane').getByRole('heading');
    // The seed's twelve announcements for anonymous visitors, newest first, nine to a page.
    await expect(items).toHaveCount(9);
    await expect(items.first()).toHaveAttribute('aria-current', 'true');
    await expect(selectedTitle).toHaveText('New slot games this week');

    await items.nth(3).click();
    await expect(selectedTitle).toHaveText('Faster withdrawals');
    await expect(items.nth(3)).toHaveAttribute('aria-current', 'true');

    // The numbered pager: page 2 by its number selects that page's first; the keyboard steps back.
    const pager = popup.getByTestId('announcement-pagination');
    await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(items).toHaveCount(3);
    await expect(selectedTitle).toHaveText('Install the app');
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await pager.getByRole('button', { name: 'Page 2' }).press('ArrowLeft');
    await expect(items).toHaveCount(9);
    await expect(selectedTitle).toHaveText('New slot games this week');
    await expect(pager.getByRole('button', { name: 'Page 1' })).toBeFocused();

    await popup.getByTestId('announcement-pagination-next').click();
    await expect(items).toHaveCount(3);
    await expect(selectedTitle).toHaveText('Install the app');

    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toHaveCount(0);

    // A reload is the same session: the popup stays closed.
    await page.reload();
    await expect(page.getByTestId('notice-marquee')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(popup).toHaveCount(0);

    // A new session (another browser context) shows it again.
    const otherContext = await browser.newContext({ baseURL });
    try {
      const otherPage = await otherContext.newPage();
      await otherPage.goto('/');
      await expect(otherPage.getByTestId('announcement-popup')).toBeVisible();
    } finally {
      await otherContext.close();
    }
  });

  test('a banner with a linkageType shows a pointer and opens its link', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('announcement-popup').getByRole('button', { name: 'Close' }).click();
    // The first banner is a plain image; Swiper comes when the visitor reaches for the carousel.
    await page.getByTestId('banner-carousel').hover();
    const carousel = page.getByTestId('banner-carousel-swiper');
    await expect(carousel.getByTestId('banner-dot')).toHaveCount(3);
    await expect(carousel.getByTestId('banner-previous')).toBeVisible();

    // The second banner links to the live casino lobby.
    await carousel.getByTestId('banner-dot').nth(1).click();
    const link = carousel.locator('.swiper-slide-active').getByTestId('banner-link');
    await expect(link).toHaveAttribute('href', '/live');
    await expect(link).toHaveCSS('cursor', 'pointer');
    await link.click();
    await expect(page).toHaveURL(/\/live$/);
  });

  test('the login, register and forgot-password modals and the side menu show their banner groups', async ({
    page,
  }) => {
    for (const [path, modalId, group, title] of [
      ['/login', 'login-modal', 'w_login', 'Welcome back'],
      ['/register', 'register-modal', 'w_register', 'Join in a minute'],
      ['/forget', 'forgot-modal', 'w_forget', 'Back in your account in a moment'],
    ] as const) {
      await page.goto(path);
      const banner = page.getByTestId(modalId).getByTestId(`group-banner-${group}`);
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(title);
      // The picture really arrived (a broken image has no natural width).
      await expect
        .poll(() => banner.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/help');
    const menuBanner = page.getByTestId('group-banner-w_leftmenu');
    await menuBanner.scrollIntoViewIfNeeded();
    await expect(menuBanner).toBeVisible();
    await expect(menuBanner.getByRole('link')).toHaveAttribute('href', '/promotions');
    await menuBanner.getByRole('link').click();
    await expect(page).toHaveURL(/\/promotions$/);
  });

  test('/help shows the help-centre notices (type H)', async ({ page }) => {
    await page.goto('/help');
    const notices = page.getByTestId('help-notices');
    await expect(notices.getByTestId('help-notice')).toHaveCount(2);
    await expect(notices.getByRole('heading', { name: 'Support hours' })).toBeVisible();
  });

  test('/help#term lands on the terms of use, opened', async ({ page }) => {
    await page.goto('/help#term');
    const terms = page.getByTestId('help-section-term');
    await expect(terms).toHaveAttribute('open', '');
    await expect(terms.getByRole('heading', { name: 'Terms of use' })).toBeInViewport();
    await expect(terms).toContainText('You must be 18 or older');
    await expect(page.getByTestId('help-section-faq')).not.toHaveAttribute('open', '');

    await page.getByRole('button', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/index$/);
  });
});
