import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FrameLocator, Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

// This file's platform runs the sportsbook beside it, with a store of its own, and a feed fast enough that the
// matches bet on are played out during the journey (a football match in about twenty seconds).
test.use({
  platformEnvironment: {
    SPORTSBOOK_ENABLED: 'true',
    SPORTSBOOK_PORT: '0',
    SPORTSBOOK_SPEED: '300',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'wps-e2e-sportsbook-')),
  },
});

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

const headerBalance = async (page: Page): Promise<number> => {
  await page.goto('/member?page=transactionHistory');
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText(/\d/);
  return money(await balance.textContent());
};

/** The home-win buttons of the listed matches, one per match, in list order. */
const homeWinButtons = async (book: FrameLocator) => {
  const buttons = book.locator('[data-testid^="odds-"][data-testid$=":match_result-home"]');
  await expect(buttons.first()).toBeEnabled();
  return buttons;
};

test('a player bets at the sportsbook: an accumulator, a live price moving, a cash-out, and matches settling into the wallet and the betting record', async ({
  page,
  operator,
}) => {
  test.setTimeout(240_000);
  await registerPlayer(page, 'bettor01', 'Secret123');
  await operator.adjustBalance('bettor01', '100.00', 'Journey float');
  expect(await headerBalance(page)).toBe(100);

  // Sports → the sportsbook opens in the seamless page, with the wallet's balance.
  await page.goto('/sports');
  const vendor = page.locator('[data-testid="lobby-vendor"][data-vendor="BTI"]');
  await vendor.click();
  await page
    .getByTestId('game-card')
    .filter({ hasText: 'Sportsbook' })
    .first()
    .getByTestId('game-card-play')
    .click();
  await expect(page).toHaveURL(/\/seamless\?/);
  const book = page.frameLocator('[data-testid="seamless-frame"]');
  await expect(book.getByTestId('balance')).toContainText('100.00');

  // A live price moves: the button flashes its direction.
  await book.getByTestId('sport-football').click();
  await book.getByTestId('tab-live').click();
  await expect(book.locator('.odds--up, .odds--down').first()).toBeVisible({ timeout: 30_000 });

  // Two home wins of the next matches in one accumulator of 2.00, at whatever price stands. Time runs 300 times
  // faster here: a match that kicks off meanwhile can close its market, and then, as a player would, the next two.
  await book.getByTestId('tab-upcoming').click();
  for (let attempt = 0; ; attempt += 1) {
    const homes = await homeWinButtons(book);
    await homes.nth(0).click();
    await homes.nth(1).click();
    await book.getByTestId('slip-mode-accumulator').click();
    await expect(book.getByTestId('combined-odds')).toHaveText(/^\d+\.\d{2,}$/);
    await book.getByTestId('stake').fill('2');
    await book.getByTestId('accept-odds').selectOption('any');
    await book.getByTestId('place-bet').click();
    await expect(book.getByTestId('slip-placed').or(book.getByTestId('slip-message'))).toBeVisible({
      timeout: 20_000,
    });
    if (await book.getByTestId('slip-placed').isVisible()) break;
    expect(attempt, 'the accumulator was refused three times').toBeLessThan(2);
    const removeLeg = book.locator('.slip-leg .icon-button');
    while ((await removeLeg.count()) > 0) await removeLeg.first().click();
  }
  await expect(book.getByTestId('balance')).toContainText('98.00');

  // A single of 5.00 on the last match listed (far from kick-off, so its price stands), cashed out at once: 95 %
  // of the stake back.
  const later = (await homeWinButtons(book)).last();
  const laterId = (await later.getAttribute('data-testid')) ?? '';
  await later.click();
  await expect(book.getByTestId('bet-slip')).toContainText(/./);
  await book.getByTestId('slip-mode-single').click();
  const marketId = laterId.replace(/^odds-/, '').replace(/-home$/, '');
  await book.getByTestId(`stake-${marketId}`).fill('5');
  await book.getByTestId('place-bet').click();
  await expect(book.getByTestId('slip-placed')).toBeVisible({ timeout: 20_000 });
  await expect(book.getByTestId('balance')).toContainText('93.00');
  await book.getByTestId('tab-bets').click();
  await book.getByTestId('bets-open').click();
  const cashOut = book.locator('[data-testid^="cash-out-"]:not([data-testid^="cash-out-confirm"])').first();
  await expect(cashOut).toBeVisible();
  await cashOut.click();
  await book.locator('[data-testid^="cash-out-confirm-"]').first().click();
  await expect(book.getByTestId('balance')).toContainText('97.75');

  // The accumulator's matches are played out: it settles, won or lost, and the wallet hears it.
  await book.getByTestId('bets-settled').click();
  await expect(
    book
      .locator('[data-testid^="bet-status-"]')
      .filter({ hasText: /won|lost/i })
      .first(),
  ).toBeVisible({
    timeout: 150_000,
  });
  const after = await headerBalance(page);
  expect(after === 97.75 || after > 97.75).toBe(true);

  // The betting record holds the slips as SPORTS rounds.
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('betting-row')).toHaveCount(2);
});
