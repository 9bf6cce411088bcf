import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

/** The member's main wallet as the header shows it (hidden on game pages, so read from the member centre). */
const headerBalance = async (page: Page): Promise<number> => {
  await page.goto('/member?page=transactionHistory');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/\d/);
  return money(await balance.textContent());
};

test('a player finds a game by name, favourites it, plays a real-money round at the demo vendor and sees it in the betting record', async ({
  page,
  operator,
}) => {
  await registerPlayer(page, 'gamer01', 'Secret123');
  await operator.adjustBalance('gamer01', '100.00', 'Journey float');
  expect(await headerBalance(page)).toBe(100);

  // The slot lobby: search is trimmed and ignores case and accents.
  await page.goto('/rng');
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await page.getByTestId('lobby-search').fill('  CAFE fortune ');
  const card = page.getByTestId('game-card').filter({ hasText: 'Café Fortune' }).first();
  await expect(card).toBeVisible();

  // Favourite it: the heart changes at once and the game is on the favourites page.
  const heart = card.getByTestId('game-card-favourite');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/favorite');
  await expect(page.getByTestId('game-card').filter({ hasText: 'Café Fortune' })).toBeVisible();

  // Launch it: the demo vendor's slot opens inside the seamless page, with the wallet's balance.
  await page
    .getByTestId('game-card')
    .filter({ hasText: 'Café Fortune' })
    .getByTestId('game-card-play')
    .click();
  await expect(page).toHaveURL(/\/seamless/);
  const game = page.frameLocator('[data-testid="seamless-frame"]');
  const vendorBalance = game.locator('#balance');
  await expect(vendorBalance).toContainText('100.00');

  // Spin until the balance moves (a three-of-a-kind paying exactly the stake leaves it where it was).
  let spins = 0;
  let after = 100;
  while (after === 100 && spins < 10) {
    await expect(game.locator('#spin')).toBeEnabled();
    await game.locator('#spin').click();
    spins += 1;
    await expect(game.locator('#spin')).toBeEnabled();
    after = money(await vendorBalance.textContent());
  }
  expect(after).not.toBe(100);

  // The site's own wallet agrees with the vendor's, and every spin is a settled round in the betting record.
  expect(await headerBalance(page)).toBe(after);
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('betting-row')).toHaveCount(spins);
  await expect(page.getByTestId('betting-row').first()).toContainText('Café Fortune');
  await page.getByTestId('betting-row').first().getByTestId('betting-row-detail').click();
  await expect(page.getByTestId('round-transaction').first()).toContainText(/bet/i);

  // Recently played: the game is at the top of the recent list.
  await page.goto('/recent');
  await expect(page.getByTestId('game-card').first()).toContainText('Café Fortune');
});

test('a trial account cannot start a real game: in_need_true_account', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('free-play-link').click();
  await expect(page.getByTestId('header-account')).toHaveText(/^trial/);
  await page.goto('/rng');
  await page.getByTestId('game-card').first().getByTestId('game-card-play').click();
  await expect(page.getByTestId('alert-dialog')).toContainText(
    'Please register a real account to use this feature.',
  );
  await expect(page).toHaveURL(/\/rng/);
});
