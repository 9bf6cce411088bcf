import type { Page } from '@playwright/test';
import { addPayoutAccount, control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

/** Marks the page so a later check can tell it was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { journeyMark?: boolean }).journeyMark = true;
  });
const isSamePage = (page: Page) =>
  page.evaluate(() => (window as Window & { journeyMark?: boolean }).journeyMark === true);

test('a player deposits through the sandbox gateway and the header balance changes without reload', async ({
  page,
  context,
}) => {
  await registerPlayer(page, 'payer01', 'Secret123');
  await expect(page.getByTestId('header-balance')).toHaveText(/0\.00/);
  await page.goto('/member?page=depositv2');
  await markPage(page);
  await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
  await control(page, 'deposit-amount').fill('25');

  const gatewayOpened = context.waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const gateway = await gatewayOpened;
  await expect(gateway.getByRole('heading', { name: 'Sandbox Pay' })).toBeVisible();
  await expect(gateway.getByText('25.00 USD')).toBeVisible();
  await gateway.getByRole('button', { name: 'Pay' }).click();

  // The site tab learns of the credit by server push: the balance and the deposit's status change in place.
  await expect(page.getByTestId('header-balance')).toHaveText(/25\.00/);
  await expect(page.getByTestId('deposit-status-badge')).toHaveAttribute('data-status', 'credited');
  expect(await isSamePage(page)).toBe(true);

  // The gateway repeats its notice: the wallet is credited once.
  if (!gateway.isClosed()) {
    await gateway.goto(gateway.url());
    const again = gateway.getByRole('button', { name: 'Send the notice again' });
    if (await again.isVisible()) await again.click();
  }
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-balance')).toHaveText(/25\.00/);
});

test('a player asks for a withdrawal, staff approve it in the console, the player confirms receipt', async ({
  page,
  browser,
  operator,
}) => {
  await registerPlayer(page, 'cashout01', 'Secret123');
  await markPage(page);

  const consoleContext = await browser.newContext();
  const staff = await consoleContext.newPage();
  try {
    await signInToConsole(staff, await operator.createStaff('finance'), 'a cashier passphrase of my own');
    await staff.getByTestId('nav-members').click();
    await control(staff, 'member-search-input').fill('cashout01');
    await staff.getByTestId('member-search-submit').click();
    await staff.getByTestId('member-open-cashout01').click();
    await expect(staff.getByTestId('member-funds')).toBeVisible();
    await staff.getByTestId('adjustment-credit').click();
    await control(staff, 'adjustment-amount').fill('300');
    await control(staff, 'adjustment-reason').fill('Journey opening balance');
    await staff.getByTestId('adjustment-submit').click();
    await staff.getByTestId('adjustment-confirm').click();
    await expect(staff.getByTestId('adjustment-result')).toBeVisible();

    // The open site hears of the adjustment without reloading.
    await expect(page.getByTestId('header-balance')).toHaveText(/300\.00/);
    expect(await isSamePage(page)).toBe(true);

    await addPayoutAccount(page, {
      loginPassword: 'Secret123',
      paymentPassword: '246810',
      number: '001234567890',
      holder: 'Ana Reyes',
    });

    await control(page, 'withdraw-amount').fill('120');
    await control(page, 'withdraw-password').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('header-balance')).toHaveText(/180\.00/);
    const row = page.locator('[data-testid^="withdrawal-status-"]').first();
    await expect(row).toContainText(/pending/i);
    const withdrawalId = ((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', '');

    // Finance staff pay it out, so they read the whole account number the player gave (the player sees ****7890).
    await staff.getByTestId('nav-withdrawals').click();
    await expect(staff.getByTestId(`withdrawal-account-${withdrawalId}`)).toHaveText('001234567890');
    await staff.getByTestId(`approve-withdrawal-${withdrawalId}`).click();
    await expect(staff.getByTestId('withdrawal-pay-to-account')).toHaveText('001234567890');
    await expect(staff.getByTestId('withdrawal-pay-to-masked')).toHaveCount(0);
    await staff.getByTestId('review-confirm').click();
    await expect(staff.getByTestId(`withdrawal-row-${withdrawalId}`)).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId(`withdrawal-status-${withdrawalId}`)).toContainText(/approved/i);
    await page.getByTestId(`withdrawal-received-button-${withdrawalId}`).click();
    await expect(page.getByTestId(`withdrawal-confirmation-state-${withdrawalId}`)).toContainText(
      /received/i,
    );
    await expect(page.getByTestId(`withdrawal-received-button-${withdrawalId}`)).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toHaveText(/180\.00/);

    // The account record shows both movements, and filters by type.
    await page.goto('/member?page=transactionHistory');
    await expect(page.getByTestId('transactions-row')).toHaveCount(2);
    await expect(page.getByTestId('transactions-table')).toContainText('300.00');
    await expect(page.getByTestId('transactions-table')).toContainText('-120.00');
    await control(page, 'transactions-type').selectOption('withdrawal');
    await page.getByTestId('transactions-search').click();
    await expect(page.getByTestId('transactions-row')).toHaveCount(1);
    await expect(page.getByTestId('transactions-table')).toContainText('-120.00');
  } finally {
    await consoleContext.close();
  }
});

test('an agent transfers to a member of its downline', async ({ page }) => {
  await page.goto('/agent');
  await control(page, 'login-username').fill('demoagent');
  await control(page, 'login-password').fill('Agent2025');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);

  await page.goto('/member?page=transferFund');
  const before = (await page.getByTestId('wallet-main').textContent()) ?? '';
  await control(page, 'downline-transfer-username').fill('demoplayer');
  await control(page, 'downline-transfer-amount').fill('10');
  await control(page, 'downline-transfer-password').fill('123456');
  await page.getByTestId('downline-transfer-submit').click();
  await expect(page.getByTestId('toast')).toBeVisible();
  const toCents = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  await expect
    .poll(async () => toCents((await page.getByTestId('wallet-main').textContent()) ?? ''))
    .toBe(toCents(before) - 1000);

  // Someone outside the agent's line is refused, and nothing moves.
  await control(page, 'downline-transfer-username').fill('payer01');
  await control(page, 'downline-transfer-amount').fill('10');
  await control(page, 'downline-transfer-password').fill('123456');
  await page.getByTestId('downline-transfer-submit').click();
  await expect(page.getByText('This account is not in your line.')).toBeVisible();
  expect(toCents((await page.getByTestId('wallet-main').textContent()) ?? '')).toBe(toCents(before) - 1000);
});
