import { addPayoutAccount, control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, type Operator, test } from '../support/platform';

type StaffChannel = {
  code: string;
  method: string;
  name: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  isEnabled: boolean;
  sortOrder: number;
  turnoverPercent: number;
  instructions: unknown;
  gateway: { provider: 'sandbox'; merchantId: string; baseUrl: string | null } | null;
};

/** The sandbox channel's wagering requirement set by the operator (its other settings as they are). */
const setSandboxTurnover = async (operator: Operator, turnoverPercent: number): Promise<number> => {
  const listed = await operator.call('GET', '/wps/backoffice/payment-channels');
  const { list } = ((await listed.json()) as { value: { list: StaffChannel[] } }).value;
  const channel = list.find((candidate) => candidate.code === 'SANDBOX_PAY');
  if (!channel) throw new Error('no SANDBOX_PAY channel');
  const { code, method, name, currency, minAmount, maxAmount, isEnabled, sortOrder, instructions, gateway } =
    channel;
  const saved = await operator.call('PUT', '/wps/backoffice/payment-channels', {
    code,
    method,
    name,
    currency,
    minAmount,
    maxAmount,
    isEnabled,
    sortOrder,
    turnoverPercent,
    instructions,
    gateway: gateway && {
      provider: gateway.provider,
      merchantId: gateway.merchantId,
      baseUrl: gateway.baseUrl,
    },
  });
  if (!saved.ok()) throw new Error(`channel refused: ${await saved.text()}`);
  return channel.turnoverPercent;
};

test('a deposit withdrawn with little play raises an AML flag that risk staff review and clear', async ({
  page,
  context,
  browser,
  operator,
}) => {
  test.setTimeout(120_000);
  // A channel without a wagering requirement lets a deposit go straight back out: the pattern the rule watches.
  const turnoverBefore = await setSandboxTurnover(operator, 0);
  const consoleContext = await browser.newContext();
  try {
    await registerPlayer(page, 'amlcash01', 'Secret123');
    await page.goto('/member?page=depositv2');
    await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
    await control(page, 'deposit-amount').fill('25');
    const gatewayOpened = context.waitForEvent('page');
    await page.getByTestId('deposit-submit').click();
    const gateway = await gatewayOpened;
    await gateway.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('header-balance')).toHaveText(/25\.00/);
    await gateway.close();

    // No play at all, then nearly all of it asked back.
    await addPayoutAccount(page, {
      loginPassword: 'Secret123',
      paymentPassword: '246810',
      number: '004455667788',
      holder: 'Cash Quick',
    });
    await control(page, 'withdraw-amount').fill('20');
    await control(page, 'withdraw-password').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.locator('[data-testid^="withdrawal-status-"]').first()).toContainText(/pending/i);

    // Risk staff open the queue; the monitor follows the ledger within about a second.
    const staff = await consoleContext.newPage();
    await signInToConsole(staff, await operator.createStaff('risk'), 'a compliance passphrase of mine');
    await staff.getByTestId('nav-aml').click();
    await control(staff, 'aml-rule').selectOption('little_play');
    const row = staff.locator('[data-testid^="aml-row-"][data-member="amlcash01"]');
    await expect(async () => {
      // Asks the server again (the list also refreshes by itself, less often).
      await staff.getByTestId('aml-status-all').click();
      await staff.getByTestId('aml-status-pending').click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('Withdrawal with little play');
    await expect(row).toContainText('20.00 USD');
    const flagId = ((await row.getAttribute('data-testid')) ?? '').replace('aml-row-', '');

    await staff.getByTestId(`aml-open-${flagId}`).click();
    const evidence = staff.getByTestId('aml-flag-evidence');
    await expect(evidence).toContainText('Deposits since the previous withdrawal25.00 USD');
    await expect(evidence).toContainText('Valid bets since0.00 USD');
    const dialog = staff.getByTestId('aml-flag-dialog');
    await expect(dialog.getByTestId('aml-movements')).toContainText('deposit');
    await expect(dialog.getByTestId('aml-movements')).toContainText('withdrawal.request');
    await expect(dialog.getByTestId('aml-movements')).toContainText('-20.00 USD');

    // Cleared as a false positive, with the reason the audit keeps.
    await staff.getByTestId('aml-clear').click();
    await control(staff, 'aml-action-reason').fill(
      'Deposit refunded at the player’s request, confirmed by phone',
    );
    await staff.getByTestId('aml-action-confirm').click();
    await expect(staff.getByTestId('aml-flag-status')).toHaveText('cleared');
    await expect(staff.getByTestId('aml-flag-decision')).toContainText('confirmed by phone');
    await staff.keyboard.press('Escape');
    await expect(staff.getByTestId(`aml-row-${flagId}`)).toHaveCount(0);

    const audit = await operator.call(
      'GET',
      `/wps/backoffice/audit?action=aml.flag.clear&entityId=${flagId}`,
    );
    const events = ((await audit.json()) as { value: { list: Array<{ after: { reason?: string } }> } }).value
      .list;
    expect(events.map((event) => event.after.reason)).toEqual([
      'Deposit refunded at the player’s request, confirmed by phone',
    ]);
  } finally {
    await consoleContext.close();
    await setSandboxTurnover(operator, turnoverBefore);
  }
});
