import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

const spin = async (page: Page) => {
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('slot-result')).toBeVisible();
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
};

test('a member deposits with a deposit bonus, plays the house slot, watches the wagering and sees the bonus become cash', async ({
  page,
  context,
  operator,
}) => {
  // Five spins with their reel animations besides the deposit: more than the default minute on a busy machine.
  test.slow();
  // A first-deposit match of 100 % up to 5.00, to be wagered once on slots.
  const title = `Journey wager ${randomUUID().slice(0, 6)}`;
  const created = await operator.call('POST', '/wps/backoffice/promotions', {
    category: 'deposit',
    status: 'draft',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    content: { en: { title, summary: 'Wager once', terms: '<p>Slots count fully.</p>' } },
    imageUploadId: null,
    claimLimit: 1,
    eligibility: {},
    config: {
      kind: 'deposit_match',
      depositKind: 'first',
      percent: 100,
      cap: '5',
      minDeposit: '5',
      channelCodes: [],
      wagering: {
        multiplier: 1,
        base: 'bonus',
        contributions: { RNG: 100 },
        maxStake: '0',
        expiresInDays: 7,
      },
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = ((await created.json()) as { value: { id: string } }).value;
  expect(
    (await operator.call('POST', `/wps/backoffice/promotions/${id}/status`, { action: 'publish' })).ok(),
  ).toBe(true);

  await registerPlayer(page, 'bonuswager01', 'Secret123');
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
  await control(page, 'deposit-amount').fill('5');
  await page.getByTestId(`deposit-bonus-${id}`).locator('input').check();
  const gatewayOpened = context.waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const gateway = await gatewayOpened;
  await gateway.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(/5\.00/);
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-bonus-balance')).toHaveText('+ 5.00 bonus');

  // Two spins of 1.00: 2.00 of the 5.00 wagered.
  await page.goto('/house/slot');
  await spin(page);
  await spin(page);
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-progress-text')).toHaveText('2.00 of 5.00 USD wagered (40%)');

  // Three more complete it: what is left of the bonus is cash now, and the bonus is history.
  await page.goto('/house/slot');
  for (let spins = 0; spins < 3; spins += 1) await spin(page);
  const playable = money(await page.getByTestId('slot-balance').textContent());
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-none')).toBeVisible();
  await expect(page.getByTestId('bonus-history')).toContainText('Completed');
  await expect(page.getByTestId('header-bonus-balance')).toHaveCount(0);
  await page.getByTestId('header-balance-refresh').click();
  await expect.poll(async () => money(await page.getByTestId('header-balance').textContent())).toBe(playable);
});
