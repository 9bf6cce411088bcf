import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The page whose member is to choose now (and what: BID or BET), or null once the hand is over. */
const nextToChoose = async (pages: readonly Page[]): Promise<{ page: Page; kind: string } | null> => {
  let chooser: { page: Page; kind: string } | null = null;
  await expect
    .poll(
      async () => {
        for (const candidate of pages) {
          const actions = candidate.getByTestId('niuniu-actions');
          if (await actions.isVisible()) {
            chooser = { page: candidate, kind: (await actions.getAttribute('data-kind')) ?? '' };
            return 'turn';
          }
        }
        const status = await pages[0]?.getByTestId('niuniu-hand-status').getAttribute('data-status');
        return status === 'SETTLED' ? 'over' : 'waiting';
      },
      { timeout: 30_000, intervals: [100] },
    )
    .not.toBe('waiting');
  return chooser;
};

test('two players in two browsers sit at a Niu-Niu table, grab the banker, bet against it and leave with their stacks', async ({
  page,
  browser,
  baseURL,
  operator,
}) => {
  test.setTimeout(240_000);
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await registerPlayer(page, 'niuniufan01', 'Secret123');
  await registerPlayer(other, 'niuniufan02', 'Secret123');
  await operator.adjustBalance('niuniufan01', '100.00', 'Journey float');
  await operator.adjustBalance('niuniufan02', '100.00', 'Journey float');

  // The PVP lobby lists the house's Niu-Niu beside hold'em; its card opens the Niu-Niu rooms (GLS2_roomList).
  await page.goto('/pvp');
  await expect(page.getByTestId('header-account')).toBeVisible();
  await page.locator('[data-testid="lobby-vendor"][data-vendor="HOUSE"]').click();
  const card = page.getByTestId('game-card').filter({ has: page.getByText('Niu-Niu', { exact: true }) });
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/niu-niu$/);
  await expect(page.getByTestId('poker-room-NIUNIU-MICRO-6')).toContainText('0.10');
  await expect(page.getByTestId('poker-room-HOLDEM-MICRO-6')).toHaveCount(0);
  await page.getByTestId('poker-join-NIUNIU-MICRO-6').click();
  await expect(page).toHaveURL(/\/house\/niu-niu\?table=\d+$/);

  // Each buys in for 20.00 at their own seat.
  await page.getByTestId('poker-take-seat-0').click();
  await page.getByTestId('poker-buy-in').fill('20');
  await page.getByTestId('poker-sit').click();
  await expect(page.getByTestId('poker-seat-0')).toHaveAttribute('data-player', /\S/);
  await expect(page.getByTestId('poker-balance')).toHaveText(/80\.00/);
  await other.goto(page.url());
  await other.getByTestId('poker-take-seat-1').click();
  await other.getByTestId('poker-buy-in').fill('20');
  await other.getByTestId('poker-sit').click();
  await expect(other.getByTestId('poker-balance')).toHaveText(/80\.00/);

  // The hand is dealt: each sees four of their own cards, and only card backs at the other seat.
  for (const player of [page, other]) {
    await expect(player.getByTestId('niuniu-hand-status')).toHaveAttribute('data-status', 'PLAYING', {
      timeout: 30_000,
    });
    await expect(player.getByTestId('niuniu-my-cards')).toHaveAttribute(
      'data-cards',
      /^\w\w \w\w \w\w \w\w$/,
    );
  }
  const myCards = (await page.getByTestId('niuniu-my-cards').getAttribute('data-cards')) ?? '';
  for (const code of myCards.split(' ')) {
    await expect(other.locator(`[data-card="${code}"]`)).toHaveCount(0);
  }

  // Both sit out from the next hand (this one plays on), so the result stays on the table.
  for (const player of [page, other]) {
    await player.getByTestId('poker-sit-out').click();
    await expect(player.getByTestId('poker-sit-out')).toHaveText("I'm back");
  }

  // The first bidder grabs the bank at 2×, the second at 1×; the other player then bets 3× against the banker.
  const bids = [2, 1];
  for (let move = 0; move < 3; move += 1) {
    const chooser = await nextToChoose([page, other]);
    if (!chooser) break;
    const actions = chooser.page.getByTestId('niuniu-actions');
    const turn = await actions.getAttribute('data-turn');
    if (chooser.kind === 'BID') await chooser.page.getByTestId(`niuniu-bid-${bids.shift() ?? 0}`).click();
    else await chooser.page.getByTestId('niuniu-bet-3').click();
    await expect(actions.and(chooser.page.locator(`[data-turn="${turn ?? ''}"]`))).toHaveCount(0);
  }
  for (const player of [page, other]) {
    await expect(player.getByTestId('niuniu-hand-status')).toHaveAttribute('data-phase', 'SHOWDOWN');
    await expect(player.getByTestId('niuniu-choice-0')).toHaveText('Banker ×2');
    await expect(player.getByTestId('niuniu-choice-1')).toHaveText('Bet ×3');
    // At the showdown both hands are face up for everyone.
    await expect(player.getByTestId('poker-seat-0').getByTestId('poker-card')).toHaveCount(5);
    await expect(player.getByTestId('poker-seat-1').getByTestId('poker-card')).toHaveCount(5);
    await expect(player.getByTestId('niuniu-result')).toBeVisible();
  }
  for (const code of myCards.split(' ')) {
    await expect(other.getByTestId('poker-seat-0').locator(`[data-card="${code}"]`)).toHaveCount(1);
  }
  await expect(page.getByTestId('niuniu-pairing')).toHaveCount(1);
  const rake = money(await page.locator('.poker-result__rake').textContent());
  await page.getByTestId('poker-verify').click();
  await expect(page.getByTestId('poker-proof')).toHaveAttribute('data-matches', 'true');

  // Both leave with their stacks: the money the two wallets hold is what they brought, less the rake.
  await page.getByTestId('poker-leave').click();
  await other.getByTestId('poker-leave').click();
  await expect(page.getByTestId('poker-buy-in')).toBeVisible();
  await expect(other.getByTestId('poker-buy-in')).toBeVisible();
  await expect
    .poll(
      async () =>
        money(await page.getByTestId('poker-balance').textContent()) +
        money(await other.getByTestId('poker-balance').textContent()),
    )
    .toBeCloseTo(200 - rake, 2);
  await otherContext.close();
});
