import type { Page } from '@playwright/test';
import { control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, type Operator, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

// The operator runs the arena: the demo's simulated fights would take it over otherwise.
test.use({ platformEnvironment: { COCKFIGHT_SIMULATOR_ENABLED: 'false' } });

/** A player on the arena's page, from the COCKFIGHT lobby's house game, with 100.00 to bet. */
const openArena = async (page: Page, operator: Operator, username: string) => {
  await registerPlayer(page, username, 'Secret123');
  await operator.adjustBalance(username, '100.00', 'Journey float');
  await page.goto('/cockfight');
  await expect(page.getByTestId('header-account')).toBeVisible();
  const card = page.getByTestId('game-card').filter({ hasText: 'Cockfight Arena' }).first();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/cockfight$/);
  await expect(page.getByTestId('cockfight-balance')).toHaveText(/100\.00/);
};

const bet = async (page: Page, side: 'meron' | 'wala', amount: string) => {
  await page.getByTestId('cockfight-amount').fill(amount);
  await expect(page.getByTestId(`cockfight-bet-${side}`)).toBeEnabled();
  await page.getByTestId(`cockfight-bet-${side}`).click();
  await expect(page.getByTestId('cockfight-placed')).toContainText(amount);
};

test('a cockfight round opened, bet on, closed and settled from the console; the player is paid and it is recorded', async ({
  page,
  browser,
  operator,
}) => {
  test.setTimeout(240_000);
  const staffContext = await browser.newContext();
  const arenaConsole = await staffContext.newPage();
  const rivalContext = await browser.newContext();
  const rival = await rivalContext.newPage();
  try {
    // The operator schedules a fight and opens betting.
    await signInToConsole(arenaConsole, await operator.createStaff('admin'), 'an arena passphrase of my own');
    await arenaConsole.getByTestId('nav-cockfight').click();
    await control(arenaConsole, 'fight-meronName').fill('Red Thunder');
    await control(arenaConsole, 'fight-walaName').fill('Golden Spur');
    await arenaConsole.getByTestId('fight-schedule').click();
    const row = arenaConsole.getByTestId('fight-1');
    await expect(row).toHaveAttribute('data-phase', 'SCHEDULED');
    await arenaConsole.getByTestId('fight-1-open').click();
    await expect(row).toHaveAttribute('data-phase', 'OPEN');

    // Two players bet on either side; the pools and payouts move on both pages.
    await openArena(page, operator, 'cockfan01');
    await openArena(rival, operator, 'cockfan02');
    await expect(page.getByTestId('cockfight-phase')).toHaveText('Betting open');
    await bet(page, 'meron', '10.00');
    await bet(rival, 'wala', '20.00');
    await expect(page.getByTestId('cockfight-balance')).toHaveText(/90\.00/);
    // 30.00 less 5 % is 28.50, which pays meron 2.85 per 1.
    await expect(rival.getByTestId('cockfight-payout-meron')).toHaveText('Pays 2.85 per 1');
    await expect(page.getByTestId('cockfight-pool-wala')).toContainText('20.00');

    // Last call, then the close: the site shows both from the arena's stream and stops taking bets.
    await arenaConsole.getByTestId('fight-1-last-call').click();
    await expect(page.getByTestId('cockfight-phase')).toHaveText('Last call!');
    await arenaConsole.getByTestId('fight-1-close').click();
    await expect(page.getByTestId('cockfight-phase')).toHaveText('Betting closed');
    await expect(page.getByTestId('cockfight-bet-meron')).toBeDisabled();

    // The result: meron wins and takes the pools less the commission.
    await arenaConsole.getByTestId('fight-1-meron').click();
    await expect(arenaConsole.getByTestId('finished-1-result')).toHaveText('meron');
    await expect(page.getByTestId('cockfight-phase')).toHaveText('Meron wins');
    await expect(page.getByTestId('cockfight-winnings')).toContainText('28.50');
    await expect(page.getByTestId('cockfight-balance')).toHaveText(/118\.50/);
    await expect(page.getByTestId('cockfight-history-item').first()).toHaveAttribute('data-result', 'meron');
    await expect(rival.getByTestId('cockfight-winnings')).toHaveAttribute('data-outcome', 'you_lost');
    await expect(rival.getByTestId('cockfight-balance')).toHaveText(/80\.00/);

    // The bet is a settled round of the betting record, with its win.
    await page.goto('/member?page=personalHistoryCopy');
    await expect(page.getByTestId('header-balance')).toHaveText(/118\.50/);
    const record = page.getByTestId('betting-row').filter({ hasText: 'Cockfight Arena' });
    await expect(record).toHaveCount(1);
    expect(money(await record.locator('td').nth(6).textContent())).toBe(28.5);
    await record.getByTestId('betting-row-detail').click();
    await expect(page.getByTestId('round-bet-detail')).toContainText('#1 meron');
  } finally {
    await staffContext.close();
    await rivalContext.close();
  }
});
