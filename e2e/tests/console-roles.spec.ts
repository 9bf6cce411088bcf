import { control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

test('an admin creates a finance user with a role; that user approves a deposit but cannot open content', async ({
  page,
  browser,
  operator,
}) => {
  // A player asks for a bank-transfer deposit: it waits for finance.
  await registerPlayer(page, 'banker01', 'Secret123');
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-BANK_TRANSFER').click();
  await control(page, 'deposit-amount').fill('40');
  await control(page, 'deposit-reference').fill('banker01 transfer');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-pending')).toBeVisible();

  // The admin creates the finance user in the console and hands out the temporary password.
  const adminContext = await browser.newContext();
  const financeContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await signInToConsole(admin, await operator.createStaff('admin'), 'an admin passphrase of my own');
    await admin.getByTestId('nav-staff').click();
    await admin.getByTestId('new-staff').click();
    await control(admin, 'staff-username').fill('cashier07');
    await control(admin, 'staff-display-name').fill('Cashier Seven');
    await control(admin, 'staff-role').selectOption({ label: 'Finance' });
    await admin.getByTestId('staff-form-submit').click();
    const temporaryPassword = (await admin.getByTestId('temporary-password').textContent()) ?? '';
    expect(temporaryPassword).not.toBe('');
    await admin.getByTestId('temporary-password-done').click();
    await expect(admin.getByTestId('staff-row-cashier07')).toContainText('Finance');

    const finance = await financeContext.newPage();
    await signInToConsole(
      finance,
      { username: 'cashier07', temporaryPassword },
      'a cashier passphrase of my own',
    );
    // The navigation shows finance's screens only.
    await expect(finance.getByTestId('nav-deposits')).toBeVisible();
    await expect(finance.getByTestId('nav-banners')).toHaveCount(0);
    await expect(finance.getByTestId('nav-staff')).toHaveCount(0);

    await finance.getByTestId('nav-deposits').click();
    const row = finance.locator('[data-testid^="deposit-row-"]').filter({ hasText: 'banker01' });
    await expect(row).toHaveCount(1);
    await row.locator('[data-testid^="approve-deposit-"]').click();
    await finance.getByTestId('review-confirm').click();
    await expect(row).toHaveCount(0);
    // The player's balance holds the deposit.
    await page.getByTestId('header-balance-refresh').click();
    await expect(page.getByTestId('header-balance')).toHaveText(/40\.00/);

    // Content by its address: refused on screen (and by the server).
    await finance.goto('/backoffice/banners');
    await expect(finance.getByRole('heading', { name: 'Not permitted' })).toBeVisible();
  } finally {
    await adminContext.close();
    await financeContext.close();
  }
});
