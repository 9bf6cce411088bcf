import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Spins once and waits until the reels stopped and the round's wins are shown. */
const spin = async (page: Page) => {
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('slot-result')).toBeVisible();
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
};

test('a player opens the house slot from its card, spins, sees the balance and the record change, and verifies a spin', async ({
  page,
  operator,
}) => {
  await registerPlayer(page, 'slotfan01', 'Secret123');
  await operator.adjustBalance('slotfan01', '100.00', 'Journey float');

  // The slot is a game card of the house vendor; playing it opens the site's own slot page.
  await page.goto('/rng?q=fruit%20fortune');
  // A click while the session is still resolving is ignored by the action guard: wait for the member.
  await expect(page.getByTestId('header-account')).toBeVisible();
  const card = page.getByTestId('game-card').filter({ hasText: 'Fruit Fortune Jackpot' }).first();
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/slot$/);
  // The jackpot starts at 1,000.00 and grows with every spin (the demo data plays a few at first start).
  const jackpotAmount = page.getByTestId('slot-jackpot-amount');
  await expect(jackpotAmount).toHaveText(/\d{1,3}(,\d{3})+\.\d\d/);
  const jackpotBefore = money(await jackpotAmount.textContent());
  await expect(page.getByTestId('slot-rtp')).toContainText('96.7995%');
  const hash = (await page.getByTestId('slot-seed-hash').textContent()) ?? '';
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('slot-nonce')).toHaveText('0');

  // Three spins of 1.00 (the first bet level), the reels rolling between them.
  await spin(page);
  await spin(page);
  await spin(page);
  await expect(page.getByTestId('slot-nonce')).toHaveText('3');
  const slotBalance = money(await page.getByTestId('slot-balance').textContent());
  // Each spin of 1.00 puts 0.01 into the jackpot (others playing at the same time may add more).
  await expect
    .poll(async () => money(await jackpotAmount.textContent()) - jackpotBefore)
    .toBeGreaterThanOrEqual(0.0299);

  // Rotating reveals the server seed the spins used.
  await page.getByTestId('slot-rotate').click();
  await expect(page.getByTestId('slot-revealed-seed')).toBeVisible();
  await expect(page.getByTestId('slot-seed-hash')).not.toHaveText(hash);

  // The site's wallet agrees, and the spins are settled rounds in the betting record with their proof.
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  expect(money(await page.getByTestId('header-balance').textContent())).toBe(slotBalance);
  await expect(page.getByTestId('betting-row')).toHaveCount(3);
  await expect(page.getByTestId('betting-row').first()).toContainText('Fruit Fortune Jackpot');
  await page.getByTestId('betting-row').first().getByTestId('betting-row-detail').click();
  await expect(page.getByTestId('round-transaction').first()).toContainText(/bet/i);
  await page.getByTestId('round-verify-link').click();

  // The verification page fills in the revealed seed and recomputes the spin.
  await expect(page).toHaveURL(/\/fairness\?/);
  await expect(page.getByTestId('fairness-serverSeed')).toHaveValue(/^[0-9a-f]{64}$/);
  await page.getByTestId('fairness-verify').click();
  await expect(page.getByTestId('fairness-hash')).toHaveText(hash);
  await expect(page.getByTestId('fairness-hash-match')).toContainText('matches the hash shown before play');
  await expect(page.getByTestId('fairness-grid').getByRole('img')).toHaveCount(15);
  // A readable verdict: the recorded reel stops beside the recomputed ones, the same.
  await expect(page.getByTestId('fairness-verdict')).toHaveAttribute('data-verdict', 'match');
  await expect(page.getByTestId('fairness-row-stops')).toHaveAttribute('data-verdict', 'match');
  await expect(page.getByTestId('fairness-revealed')).toContainText('3 results');
});
