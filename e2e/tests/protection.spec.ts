import type { Page } from '@playwright/test';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

/** The site's words for the two refusals of player protection (errors.* in the locale files). */
const limitRefusal = 'This would pass one of your play limits. See Responsible gaming in your account.';
const exclusionRefusal =
  'Your account is in a time-out or self-exclusion: play and deposits are closed until it ends.';

/** A deposit through the sandbox gateway, paid on its page: the site hears of the credit by server push. */
const depositThroughGateway = async (page: Page, amount: string) => {
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
  await control(page, 'deposit-amount').fill(amount);
  const gatewayOpened = page.context().waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const gateway = await gatewayOpened;
  await gateway.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByTestId('deposit-status-badge')).toHaveAttribute('data-status', 'credited');
  await gateway.close();
};

test('a member sets a daily deposit limit, deposits up to it and is refused above it', async ({ page }) => {
  await registerPlayer(page, 'rglimit01', 'Secret123');

  // Responsible gaming: a first limit binds at once, and the section says increases wait 24 hours.
  await page.goto('/member?page=responsibleGaming');
  await expect(page.getByTestId('rg-cooling-off')).toContainText('waits 24 hours');
  await expect(page.getByTestId('limit-deposit-day-value')).toHaveText('No limit');
  await page.getByTestId('limit-deposit-day-edit').click();
  await control(page, 'limit-deposit-day-amount').fill('30');
  await page.getByTestId('limit-deposit-day-save').click();
  await expect(page.getByTestId('toast')).toHaveText('Your limit applies now.');
  await expect(page.getByTestId('limit-deposit-day-value')).toHaveText('USD 30.00');

  await depositThroughGateway(page, '25');
  await expect(page.getByTestId('header-balance')).toHaveText(/25\.00/);

  // 25 of 30 used: 10 more would pass the limit. The site's deposit form says so and opens no gateway.
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
  await control(page, 'deposit-amount').fill('10');
  let gatewayOpened = false;
  page.context().on('page', () => {
    gatewayOpened = true;
  });
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('form-error')).toHaveText(limitRefusal);
  expect(gatewayOpened).toBe(false);

  // The section shows what the day used; raising the limit waits its cooling-off.
  await page.goto('/member?page=responsibleGaming');
  await expect(page.getByTestId('limit-deposit-day-used')).toHaveText('Used USD 25.00 of USD 30.00');
  await page.getByTestId('limit-deposit-day-edit').click();
  await control(page, 'limit-deposit-day-amount').fill('100');
  await page.getByTestId('limit-deposit-day-save').click();
  await expect(page.getByTestId('limit-deposit-day-pending')).toContainText('Changes to USD 100.00 on');
  await expect(page.getByTestId('limit-deposit-day-value')).toHaveText('USD 30.00');
});

test('a member self-excludes, is signed out, can sign in again but cannot play', async ({
  page,
  operator,
}) => {
  await registerPlayer(page, 'rgselfex01', 'Secret123');
  await operator.adjustBalance('rgselfex01', '50.00', 'Journey float');

  await page.goto('/member?page=responsibleGaming');
  await control(page, 'rg-self-exclusion-duration').selectOption('6m');
  await control(page, 'rg-self-exclusion-password').fill('Secret123');
  await page.getByTestId('rg-self-exclusion-start').click();
  // The confirmation says what follows before anything is sent.
  const confirmation = page.getByTestId('confirm-dialog');
  await expect(confirmation).toContainText('For 6 months you cannot play or deposit');
  await expect(confirmation).toContainText('You will be signed out now.');
  await page.getByTestId('dialog-confirm').click();

  // Signed out here (and everywhere: the server ended every session).
  await expect(page.getByTestId('alert-dialog')).toContainText('You are self-excluded');
  await page.getByTestId('dialog-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-login')).toBeVisible();

  // Signing in still works (withdrawals of the balance stay open) ...
  await page.goto('/login');
  await page.getByTestId('tab-username').click();
  await control(page, 'login-username').fill('rgselfex01');
  await control(page, 'login-password').fill('Secret123');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-account')).toHaveText('rgselfex01');
  await page.goto('/member?page=responsibleGaming');
  await expect(page.getByTestId('rg-exclusion')).toContainText('You are self-excluded until');

  // ... but play does not. The launch answers the refusal, or (before the launch check) the first stake does.
  await page.goto('/rng?q=fruit%20fortune');
  await expect(page.getByTestId('header-account')).toBeVisible();
  const card = page.getByTestId('game-card').filter({ hasText: 'Fruit Fortune Jackpot' }).first();
  await card.getByTestId('game-card-play').click();
  const launchRefusal = page.getByTestId('alert-dialog');
  const spin = page.getByTestId('slot-spin');
  await expect(launchRefusal.or(spin)).toBeVisible();
  if (await launchRefusal.isVisible()) {
    await expect(launchRefusal).toContainText(exclusionRefusal);
  } else {
    await expect(spin).toBeEnabled();
    await spin.click();
    await expect(page.getByTestId('slot-error')).toHaveText(exclusionRefusal);
  }
  await page.goto('/member?page=transactionHistory');
  await expect(page.getByTestId('header-balance')).toHaveText(/50\.00/);
});
