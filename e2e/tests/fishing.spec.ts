import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const cents = (text: string | null): number => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

test('a player opens the fishing game from the FISH lobby, fires a session of shots, leaves, and sees the balance and the betting record change', async ({
  page,
  operator,
}) => {
  test.setTimeout(180_000);
  await registerPlayer(page, 'fishfan01', 'Secret123');
  await operator.adjustBalance('fishfan01', '100.00', 'Journey float');

  // The fishing game is a card of the house vendor in the FISH lobby; playing it opens the site's own page.
  await page.goto('/fish?q=aqua');
  // A click while the session is still resolving is ignored by the action guard: wait for the member.
  await expect(page.getByTestId('header-account')).toBeVisible();
  const card = page.getByTestId('game-card').filter({ hasText: 'Aqua Fortune' }).first();
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/fishing$/);

  // The reef: bullets of 0.10 at power 1.
  await page.getByTestId('fishing-room-reef').click();
  await expect(page.getByTestId('fishing-balance')).toHaveText(/100\.00/);
  await expect(page.getByTestId('fishing-stake')).toHaveValue('0.10');

  // Auto-fire until the server has decided a few batches of shots, then stop.
  await page.getByTestId('fishing-auto-fire').check();
  await expect
    .poll(async () => Number(await page.getByTestId('fishing-shots').textContent()), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(10);
  await page.getByTestId('fishing-auto-fire').uncheck();

  // Leaving sends what is still in flight and closes the session: its totals and the balance after them.
  await page.getByTestId('fishing-leave').click();
  await expect(page.getByTestId('fishing-summary')).toBeVisible();
  const staked = cents(await page.getByTestId('fishing-summary-staked').textContent());
  const won = cents(await page.getByTestId('fishing-summary-won').textContent());
  const balance = cents(await page.getByTestId('fishing-summary-balance').textContent());
  expect(staked).toBeGreaterThanOrEqual(100);
  expect(balance).toBe(10_000 - staked + won);

  // The wallet agrees, and the session is one settled round of the betting record with its bets.
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  expect(cents(await page.getByTestId('header-balance').textContent())).toBe(balance);
  await expect(page.getByTestId('betting-row')).toHaveCount(1);
  const row = page.getByTestId('betting-row').first();
  await expect(row).toContainText('Aqua Fortune');
  await row.getByTestId('betting-row-detail').click();
  await expect(page.getByTestId('round-transaction').first()).toContainText(/bet/i);

  // The round links to the fairness page for its last shot; the seed is still in use, so it is not revealed yet.
  await page.getByTestId('round-verify-link').click();
  await expect(page).toHaveURL(/\/fairness\?.*game=fishing/);
  await expect(page.getByTestId('fairness-not-revealed')).toBeVisible();
});
