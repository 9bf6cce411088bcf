import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

// A short betting phase, so that the next round opens soon.
test.use({ platformEnvironment: { HOUSE_TABLES_BETTING_MS: '9000' } });

/** What a 10.00 bet on Player or Banker changes the balance by, per outcome (Banker pays 0.95:1, ties push). */
const changeOf: Readonly<Record<'player' | 'banker', Readonly<Record<string, number>>>> = {
  player: { player: 10, banker: -10, tie: 0 },
  banker: { player: -10, banker: 9.5, tie: 0 },
};

/** Waits for a round still open for a while, so that a bet laid now lands before its close. */
const waitForFreshRound = async (page: Page): Promise<string> => {
  await expect
    .poll(
      async () =>
        (await page.getByTestId('table-phase').getAttribute('data-phase')) === 'BETTING' &&
        Number(await page.getByTestId('table-countdown').getAttribute('data-seconds')) >= 6,
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(true);
  return (await page.getByTestId('table-round').getAttribute('data-round-id')) ?? '';
};

const bet = async (page: Page, spot: 'player' | 'banker') => {
  await page.getByTestId('table-chip-10.00').click();
  await page.getByTestId(`spot-${spot}`).click();
  await page.getByTestId('table-confirm').click();
  await expect(page.getByTestId('table-placed')).toContainText('10.00');
  await expect(page.getByTestId('table-balance')).toHaveText(/90\.00/);
};

test('two players at one baccarat table share the countdown and the result, and their balances follow it', async ({
  page,
  browser,
  baseURL,
  operator,
}) => {
  test.setTimeout(180_000);
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await registerPlayer(page, 'tablefan01', 'Secret123');
  await registerPlayer(other, 'tablefan02', 'Secret123');
  await operator.adjustBalance('tablefan01', '100.00', 'Journey float');
  await operator.adjustBalance('tablefan02', '100.00', 'Journey float');

  // The LIVE lobby lists the house tables; the Baccarat card opens its page.
  await page.goto('/live');
  await expect(page.getByTestId('header-account')).toBeVisible();
  await page.locator('[data-testid="lobby-vendor"][data-vendor="HOUSE"]').click();
  for (const name of ['Baccarat', 'Roulette', 'Dragon Tiger']) {
    await expect(
      page.getByTestId('game-card').filter({ has: page.getByText(name, { exact: true }) }),
    ).toBeVisible();
  }
  await page
    .getByTestId('game-card')
    .filter({ has: page.getByText('Baccarat', { exact: true }) })
    .getByTestId('game-card-play')
    .click();
  await expect(page).toHaveURL(/\/house\/baccarat$/);
  await other.goto('/house/baccarat');
  for (const player of [page, other]) {
    await expect(player.getByTestId('table-option-BAC-A')).toHaveAttribute('aria-pressed', 'true');
    await expect(player.getByTestId('table-balance')).toHaveText(/100\.00/);
  }

  // Both see the same round counting down to the same close.
  const roundId = await waitForFreshRound(page);
  await expect(other.getByTestId('table-round')).toHaveAttribute('data-round-id', roundId);
  const [mine, theirs] = await Promise.all(
    [page, other].map(async (player) =>
      Number(await player.getByTestId('table-countdown').getAttribute('data-seconds')),
    ),
  );
  expect(Math.abs((mine ?? 0) - (theirs ?? 0))).toBeLessThanOrEqual(1);

  await bet(page, 'player');
  await bet(other, 'banker');
  // The live totals: two players at the table, each spot's stake.
  for (const player of [page, other]) {
    await expect(player.getByTestId('table-players')).toContainText('2');
    await expect(player.getByTestId('spot-total-player')).toContainText('10.00');
    await expect(player.getByTestId('spot-total-banker')).toContainText('10.00');
  }

  // The same result on both pages; each balance moves by what it pays.
  const result = page.getByTestId('table-result');
  await expect(result).toHaveAttribute('data-round-id', roundId, { timeout: 60_000 });
  const outcome = (await result.getAttribute('data-outcome')) ?? '';
  expect(['player', 'banker', 'tie']).toContain(outcome);
  await expect(other.getByTestId('table-result')).toHaveAttribute('data-round-id', roundId, {
    timeout: 30_000,
  });
  await expect(other.getByTestId('table-result')).toHaveAttribute('data-outcome', outcome);
  await expect(other.getByTestId('table-outcome')).toHaveText(
    (await page.getByTestId('table-outcome').textContent()) ?? '',
  );
  for (const [player, spot] of [
    [page, 'player'],
    [other, 'banker'],
  ] as const) {
    const change = changeOf[spot][outcome] ?? Number.NaN;
    await expect(player.getByTestId('table-winnings')).toHaveAttribute('data-net', change.toFixed(2));
    await expect
      .poll(async () => money(await player.getByTestId('table-balance').textContent()))
      .toBeCloseTo(100 + change, 2);
  }

  // A baccarat round is verifiable once its shoe has ended: until then the verification page says so.
  await page.getByTestId('table-verify-link').click();
  await expect(page.getByTestId('fairness-table-unavailable')).toBeVisible();
  await otherContext.close();
});
