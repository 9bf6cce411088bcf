import type { Page } from '@playwright/test';
import { registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

const money = (text: string | null): number => Number((text ?? '').replace(/[^\d.]/g, ''));

const spin = async (page: Page) => {
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
  await page.getByTestId('slot-spin').click();
  await expect(page.getByTestId('slot-result')).toBeVisible();
  await expect(page.getByTestId('slot-spin')).toBeEnabled();
};

test('a member plays, sees the rebate accrued by product line on manualRebate and claims it into the wallet', async ({
  page,
  operator,
}) => {
  test.slow();
  // The demo brand runs manual rebate (MANPLAYREB3) with the demo daily rebate: 0.8 % of slot valid bet.
  await registerPlayer(page, 'rebatefan01', 'Secret123');
  await operator.adjustBalance('rebatefan01', '50.00', 'Journey float');
  await page.goto('/house/slot');
  await page.getByRole('combobox', { name: 'Bet' }).selectOption({ label: 'USD 5.00' });
  await spin(page);
  await spin(page);

  // 10.00 of slot bets: 0.08 accrued today, claimable now.
  await page.goto('/member?page=manualRebate');
  await expect(page.getByTestId('manual-rebate-line-RNG')).toContainText('10.00');
  await expect(page.getByTestId('manual-rebate-claimable')).toHaveText(/0\.08/);
  await page.getByTestId('header-balance-refresh').click();
  const before = money(await page.getByTestId('header-balance').textContent());
  await page.getByTestId('manual-rebate-claim').click();
  await expect(page.getByTestId('manual-rebate-claimable')).toHaveText(/0\.00/);
  await expect(page.getByTestId('manual-rebate-history')).toContainText('0.08');
  await page.getByTestId('header-balance-refresh').click();
  await expect
    .poll(async () => money(await page.getByTestId('header-balance').textContent()))
    .toBeCloseTo(before + 0.08, 2);
});
