import { randomUUID } from 'node:crypto';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

test('a member bets with the missions page open, sees the progress move without a reload, claims the reward in the reward centre and sees the VIP progress', async ({
  page,
  operator,
}) => {
  test.slow();
  // A mission of this journey's own: three slot rounds today, 2.00 cash.
  const title = `Journey rounds ${randomUUID().slice(0, 6)}`;
  const created = await operator.call('POST', '/wps/backoffice/loyalty/missions', {
    title: { en: title },
    description: { en: 'Play three slot rounds' },
    kind: 'rounds',
    cadence: 'daily',
    target: '3',
    productLine: 'RNG',
    rewardKind: 'cash',
    rewardAmount: '2',
  });
  if (!created.ok()) throw new Error(`mission refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: { id: string } }).value;
  expect(
    (await operator.call('POST', `/wps/backoffice/loyalty/missions/${id}/status`, { status: 'live' })).ok(),
  ).toBe(true);

  await registerPlayer(page, 'loyal01', 'Secret123');
  await operator.adjustBalance('loyal01', '50.00', 'Journey float');
  await page.goto('/member?page=missionLeaderboard');
  const progress = page.getByTestId(`mission-progress-${id}`);
  await expect(progress).toHaveText('0 / 3');

  // The member plays in another window of the same session; this page is left as it is.
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const spin = async () => {
    const response = await page.request.post('/wps/house/slot/spins', {
      headers: { authorization: `Bearer ${token ?? ''}` },
      data: { requestId: randomUUID(), bet: '1' },
    });
    expect(response.ok()).toBe(true);
  };
  await spin();
  await expect(progress).toHaveText('1 / 3');
  await spin();
  await spin();
  await expect(progress).toHaveText('3 / 3');

  await page.getByTestId(`mission-claim-${id}`).click();
  await expect(page.getByTestId(`mission-claim-${id}`)).toHaveCount(0);
  // The 2.00 waits in the reward centre; claiming it there pays the member's cash (spins moved the rest).
  await page.goto('/member?page=rewardCenter');
  const reward = page.locator('[data-testid^="reward-"]', { hasText: title }).first();
  await expect(reward).toContainText('2.00');
  await page.getByTestId('header-balance-refresh').click();
  const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));
  const before = money(await page.getByTestId('header-balance').textContent());
  await reward.locator('[data-testid^="reward-claim-"]').click();
  await expect
    .poll(async () => money(await page.getByTestId('header-balance').textContent()))
    .toBeCloseTo(before + 2, 2);

  await page.goto('/member?page=playerRank');
  await expect(page.getByTestId('player-rank-badge')).toBeVisible();
  const betProgress = page.getByTestId('player-rank-next-valid-bet');
  await expect(betProgress).toContainText('3.00');
  await expect(betProgress.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow', '0');
});
