import type { Page } from '@playwright/test';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

/**
 * Every VN game draws every 20 s (aligned to the epoch), bets close 3 s before, and the draw job runs every
 * second: a bet placed now is drawn and settled well within the journey's time.
 */
test.use({
  platformEnvironment: {
    LOTTERY_VN_DRAW_EVERY_SECONDS: '20',
    LOTTERY_CUTOFF_SECONDS: '3',
    LOTTERY_JOB_INTERVAL_MS: '1000',
  },
});

const southLotto = 'TCG_LOTTO_VN-O0003';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Seconds left on the page's countdown ("00:14" → 14). */
const secondsLeft = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('lottery-countdown-time').textContent()) ?? '';
  const [minutes = '0', seconds = '0'] = text.split(':');
  return Number(minutes) * 60 + Number(seconds);
};

test('a player bets bao lô on every two-digit number, the draw happens, and the page shows the result and the payout', async ({
  page,
  operator,
}) => {
  test.setTimeout(120_000);
  await registerPlayer(page, 'lotto01', 'Secret123');
  await operator.adjustBalance('lotto01', '5000.00', 'Journey float');

  await page.goto(`/vnLottery?gameCode=${southLotto}`);
  await expect(page.getByTestId('lottery-game-name')).toHaveText('South Lotto');
  await expect(page.getByTestId('lottery-balance')).toHaveText('$ 5,000.00');
  // The region tabs lead to the other VN games.
  await expect(page.getByTestId('vn-region-TCG_LOTTO_VN-O0001')).toBeVisible();

  // Bao lô on 00…99 at one station: every one of the station's 18 lots ends in exactly one of these numbers,
  // so the bet wins 18 × 75 whatever the draw: stake 1 × 100 × 18 = 1,800, payout 18 × 75 × 1 = 1,350.
  const slip = page.getByTestId('vn-slip');
  await expect(control(page, 'vn-bet-type')).toHaveValue('bao_lo');
  await slip.getByLabel('Numbers').fill('00/01 kéo 99');
  await expect(slip.getByTestId('vn-number-count')).toHaveText('100 numbers read.');
  await control(page, 'vn-unit-stake').fill('1');
  await expect(slip.getByTestId('vn-slip-total-amount')).toHaveText('1,800.00');

  // Bet with enough time before the cut-off (a draw every 20 s): wait for a fresh draw when it is too close.
  await expect.poll(() => secondsLeft(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
  const drawId = (await page.getByTestId('lottery-draw-id').textContent()) ?? '';
  expect(drawId).toMatch(/^TCG_LOTTO_VN-O0003-/);
  await slip.getByTestId('vn-slip-submit').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Total stake 1,800.00');
  await dialog.getByTestId('dialog-confirm').click();

  await expect(slip.getByTestId('vn-slip-placed')).toHaveText(`Bet placed on draw ${drawId}: 1,800.00.`);
  await expect(page.getByTestId('lottery-balance')).toHaveText('$ 3,200.00');
  const row = page.locator(`[data-testid="lottery-bet-row"][data-draw-id="${drawId}"]`);
  await expect(row.getByTestId('lottery-bet-status')).toHaveText('Pending');

  // The draw happens and settles: the page hears it, shows the bet won with its payout and the new balance.
  await expect(row.getByTestId('lottery-bet-status')).toHaveText('Won', { timeout: 60_000 });
  await expect(row.getByTestId('lottery-bet-payout')).toHaveText('1,350.00');
  await expect(page.getByTestId('lottery-settlement-notice')).toHaveText(
    `Your bet on draw ${drawId} won 1,350.00.`,
  );
  await expect(page.getByTestId('lottery-balance')).toHaveText('$ 4,550.00');
  expect(money(await page.getByTestId('lottery-balance').textContent())).toBe(5000 - 1800 + 1350);

  // The result table of that draw marks the 18 lots the bet matched, and the draw verifies from its seeds.
  const result = page.locator(`[data-testid="lottery-result"][data-draw-id="${drawId}"]`);
  await expect(result.getByTestId('vn-result-table')).toBeVisible();
  await expect(result.getByTestId('vn-lot-matched')).toHaveCount(18);
  await result.getByTestId('lottery-verify').click();
  await expect(result.getByTestId('lottery-verification')).toHaveAttribute('data-verified', 'true');

  // The page fits a 360 px phone, left to right and in Urdu (right to left), without sideways scrolling.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.getByTestId('lottery-my-bets')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.evaluate(() => {
    window.localStorage.setItem('lang', 'UR');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('lottery-game-name')).toHaveText('South Lotto');
  await expect(row.getByTestId('lottery-bet-payout')).toHaveText('1,350.00');
  await expect(result.getByTestId('vn-lot-matched')).toHaveCount(18);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
