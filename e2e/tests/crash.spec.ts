import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

// Short phases so that rounds follow each other quickly.
test.use({
  platformEnvironment: { CRASH_BETTING_MS: '4000', CRASH_PAUSE_MS: '1000', CRASH_CHAIN_LENGTH: '2000' },
});

test('a player bets in a crash round, cashes out before the crash, sees the balance change and verifies a round', async ({
  page,
  operator,
}) => {
  test.setTimeout(240_000);
  await registerPlayer(page, 'crashfan01', 'Secret123');
  await operator.adjustBalance('crashfan01', '100.00', 'Journey float');

  // The crash game is a card of the house vendor; playing it opens the site's crash page.
  // Opened with the search in the address, so the list never changes under the click.
  await page.goto('/rng?q=crash');
  // A click while the session is still resolving is ignored by the action guard: wait for the member.
  await expect(page.getByTestId('header-account')).toBeVisible();
  await expect(page.getByTestId('lobby-search')).toHaveValue('crash');
  const card = page.getByTestId('game-card').filter({ hasText: 'Crash' }).first();
  await expect(card).toBeVisible();
  await card.getByTestId('game-card-play').click();
  await expect(page).toHaveURL(/\/house\/crash$/);
  await expect(page.getByTestId('crash-balance')).toHaveText(/100\.00/);

  // A round may crash before the click lands (one in a hundred at 1.00, a few more soon after): then the
  // bet is lost and the player tries the next round.
  const bet = page.getByTestId('crash-bet');
  const cashOut = page.getByTestId('crash-cash-out');
  const myBet = page.getByTestId('crash-my-bet');
  let cashed = false;
  for (let attempt = 0; attempt < 8 && !cashed; attempt += 1) {
    // Bet at the start of a betting phase, so the click lands well before it closes.
    await expect(page.getByTestId('crash-phase')).not.toHaveAttribute('data-phase', 'BETTING', {
      timeout: 120_000,
    });
    await expect(bet).toBeEnabled({ timeout: 120_000 });
    const before = money(await page.getByTestId('crash-balance').textContent());
    await page.getByTestId('crash-amount').fill('2.00');
    await bet.click();
    await expect(myBet).toHaveAttribute('data-status', 'PLACED');
    await expect(page.getByTestId('crash-balance')).toHaveText(new RegExp((before - 2).toFixed(2)));

    // Cash out as soon as the round runs (unless it crashed first).
    await expect
      .poll(
        async () => (await cashOut.isEnabled()) || (await myBet.getAttribute('data-status')) !== 'PLACED',
        {
          timeout: 30_000,
          intervals: [25],
        },
      )
      .toBe(true);
    if (await cashOut.isEnabled()) await cashOut.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(myBet).toHaveAttribute('data-status', /CASHED|LOST/, { timeout: 120_000 });
    if ((await myBet.getAttribute('data-status')) === 'CASHED') {
      cashed = true;
      const text = (await myBet.textContent()) ?? '';
      const payout = money(/won (.*)$/.exec(text)?.[1] ?? '');
      expect(payout).toBeGreaterThanOrEqual(2);
      await expect
        .poll(async () => money(await page.getByTestId('crash-balance').textContent()))
        .toBeCloseTo(before - 2 + payout, 2);
    }
  }
  expect(cashed).toBe(true);

  // Every ended round is in the history; its proof checks out on the server and in the browser.
  await expect(page.getByTestId('crash-history-item').first()).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('crash-history-item').first().click();
  await expect(page.getByTestId('crash-verify-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('crash-verify-server')).toHaveText('Valid');
  await expect(page.getByTestId('crash-verify-browser')).toHaveText('Valid');
});
