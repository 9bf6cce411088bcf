import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The page whose member is to act now, or null once the hand is over. */
const nextToAct = async (pages: readonly Page[]): Promise<Page | null> => {
  let actor: Page | null = null;
  await expect
    .poll(
      async () => {
        for (const candidate of pages) {
          if (await candidate.getByTestId('poker-actions').isVisible()) {
            actor = candidate;
            return 'turn';
          }
        }
        const status = await pages[0]?.getByTestId('poker-hand-status').getAttribute('data-status');
        return status === 'SETTLED' ? 'over' : 'waiting';
      },
      { timeout: 30_000, intervals: [100] },
    )
    .not.toBe('waiting');
  return actor;
};

test('two players in two browsers sit at a hold’em table, play a hand to the showdown and leave with their stacks', async ({
  page,
  browser,
  baseURL,
  operator,
}) => {
  test.setTimeout(240_000);
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await registerPlayer(page, 'pokerfan01', 'Secret123');
  await registerPlayer(other, 'pokerfan02', 'Secret123');
  await operator.adjustBalance('pokerfan01', '100.00', 'Journey float');
  await operator.adjustBalance('pokerfan02', '100.00', 'Journey float');

  // The PVP lobby lists the house's hold'em; its card opens the rooms (GLS2_roomList).
  await page.goto('/pvp');
  await expect(page.getByTestId('header-account')).toBeVisible();
  await page.locator('[data-testid="lobby-vendor"][data-vendor="HOUSE"]').click();
  const card = page
    .getByTestId('game-card')
    .filter({ has: page.getByText("Texas Hold'em", { exact: true }) });
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/poker$/);
  await expect(page.getByTestId('poker-room-HOLDEM-MICRO-6')).toContainText('0.05/0.10');
  await page.getByTestId('poker-join-HOLDEM-MICRO-6').click();
  await expect(page).toHaveURL(/\/house\/poker\?table=\d+$/);

  // Each buys in for 10.00 at their own seat.
  await page.getByTestId('poker-take-seat-0').click();
  await page.getByTestId('poker-buy-in').fill('10');
  await page.getByTestId('poker-sit').click();
  await expect(page.getByTestId('poker-seat-0')).toHaveAttribute('data-player', /\S/);
  await expect(page.getByTestId('poker-balance')).toHaveText(/90\.00/);
  await other.goto(page.url());
  await other.getByTestId('poker-take-seat-1').click();
  await other.getByTestId('poker-buy-in').fill('10');
  await other.getByTestId('poker-sit').click();
  await expect(other.getByTestId('poker-balance')).toHaveText(/90\.00/);

  // The hand is dealt: each sees their own two cards, and only card backs at the other seat.
  for (const player of [page, other]) {
    await expect(player.getByTestId('poker-hand-status')).toHaveAttribute('data-status', 'PLAYING', {
      timeout: 30_000,
    });
    await expect(player.getByTestId('poker-my-cards')).toHaveAttribute('data-cards', /^\w\w \w\w$/);
  }
  const myCards = (await page.getByTestId('poker-my-cards').getAttribute('data-cards')) ?? '';
  for (const code of myCards.split(' ')) {
    await expect(other.locator(`[data-card="${code}"]`)).toHaveCount(0);
  }

  // Both sit out from the next hand (this one plays on), so the result stays on the table.
  for (const player of [page, other]) {
    await player.getByTestId('poker-sit-out').click();
    await expect(player.getByTestId('poker-sit-out')).toHaveText("I'm back");
  }

  // Both check or call down to the showdown.
  for (let move = 0; move < 12; move += 1) {
    const actor = await nextToAct([page, other]);
    if (!actor) break;
    const actions = actor.getByTestId('poker-actions');
    const turn = await actions.getAttribute('data-turn');
    const check = actor.getByTestId('poker-action-check');
    if (await check.isVisible()) await check.click();
    else await actor.getByTestId('poker-action-call').click();
    // Heads-up, the big blind closes one street and opens the next: then it is their turn again.
    await expect(actions.and(actor.locator(`[data-turn="${turn ?? ''}"]`))).toHaveCount(0);
  }
  for (const player of [page, other]) {
    await expect(player.getByTestId('poker-hand-status')).toHaveAttribute('data-street', 'SHOWDOWN');
    await expect(player.getByTestId('poker-board').getByTestId('poker-card')).toHaveCount(5);
    await expect(player.getByTestId('poker-result')).toBeVisible();
    // At the showdown both hands are face up for everyone.
    await expect(player.getByTestId('poker-seat-0').getByTestId('poker-card')).toHaveCount(2);
    await expect(player.getByTestId('poker-seat-1').getByTestId('poker-card')).toHaveCount(2);
  }
  for (const code of myCards.split(' ')) {
    await expect(other.getByTestId('poker-seat-0').locator(`[data-card="${code}"]`)).toHaveCount(1);
  }
  await expect(page.getByTestId('poker-winner').first()).toBeVisible();
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
