import type { Page } from '@playwright/test';
import { addPayoutAccount, control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, test } from '../support/platform';

// Nothing but the journey moves money meanwhile: no simulated cockfights (as the cockfight journey runs) and no
// lottery draws (the demo player's speed-lottery ticket, a 5.00 BIG paying 9.75, was once drawn mid-journey).
test.use({ platformEnvironment: { COCKFIGHT_SIMULATOR_ENABLED: 'false', LOTTERY_JOB_INTERVAL_MS: '0' } });

/** An amount as the console shows it ("1,234.50 USD", "-3.00 USD (2)"), in cents. */
const cents = (text: string | null): number => {
  const amount = /-?[\d,]+\.\d{2}/.exec(text ?? '')?.[0] ?? 'NaN';
  return Math.round(Number(amount.replace(/,/g, '')) * 100);
};

type Figures = {
  deposits: number;
  depositCount: number;
  withdrawals: number;
  stake: number;
  payout: number;
  ggr: number;
};

/** Today's figures on the dashboard, read again from the server. */
const readFigures = async (staff: Page): Promise<Figures> => {
  await staff.getByTestId('dashboard-apply').click();
  await expect(staff.getByTestId('dashboard-figures')).toBeVisible();
  const today = async (id: string) => staff.getByTestId(`figure-${id}-today`).textContent();
  const deposits = await today('deposits');
  return {
    deposits: cents(deposits),
    depositCount: Number(/\((\d+)\)/.exec(deposits ?? '')?.[1] ?? 'NaN'),
    withdrawals: cents(await today('withdrawals')),
    stake: cents(await today('stake')),
    payout: cents(await today('payout')),
    ggr: cents(await today('ggr')),
  };
};

test('the dashboard figures follow the ledger through a scripted day of a deposit, spins and a withdrawal', async ({
  page,
  context,
  browser,
  operator,
}) => {
  test.setTimeout(120_000);
  const consoleContext = await browser.newContext();
  try {
    const staff = await consoleContext.newPage();
    await signInToConsole(staff, await operator.createStaff('admin'), 'a dashboard passphrase of mine');
    await staff.getByTestId('nav-dashboard').click();
    const before = await readFigures(staff);

    // A float of 20.00 from the operator (an adjustment: no deposit), then a deposit of 4.00 through the
    // sandbox gateway, which the four spins below turn over (a deposit's turnover is met before withdrawing).
    await registerPlayer(page, 'daytrip01', 'Secret123');
    await operator.adjustBalance('daytrip01', '20.00', 'Journey float');
    await page.goto('/member?page=depositv2');
    await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
    await control(page, 'deposit-amount').fill('4');
    const gatewayOpened = context.waitForEvent('page');
    await page.getByTestId('deposit-submit').click();
    const gateway = await gatewayOpened;
    await gateway.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('header-balance')).toHaveText(/24\.00/);
    await gateway.close();

    // Four spins of 1.00 at the house slot.
    await page.goto('/house/slot');
    for (let spin = 0; spin < 4; spin += 1) {
      await expect(page.getByTestId('slot-spin')).toBeEnabled();
      await page.getByTestId('slot-spin').click();
      await expect(page.getByTestId('slot-result')).toBeVisible();
    }
    await expect(page.getByTestId('slot-nonce')).toHaveText('4');
    await expect(page.getByTestId('slot-spin')).toBeEnabled();

    // A withdrawal of 10.00, approved in the console.
    await addPayoutAccount(page, {
      loginPassword: 'Secret123',
      paymentPassword: '246810',
      number: '009876543210',
      holder: 'Day Tripper',
    });
    await control(page, 'withdraw-amount').fill('10');
    await control(page, 'withdraw-password').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    const row = page.locator('[data-testid^="withdrawal-status-"]').first();
    await expect(row).toContainText(/pending/i);
    const withdrawalId = ((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-status-', '');
    await staff.getByTestId('nav-withdrawals').click();
    await staff.getByTestId(`approve-withdrawal-${withdrawalId}`).click();
    await staff.getByTestId('review-confirm').click();
    await expect(staff.getByTestId(`withdrawal-row-${withdrawalId}`)).toHaveCount(0);

    // The ledger's side: what the player holds now is 24.00 in, 10.00 out, 4.00 staked and what was won.
    await page.getByTestId('header-balance-refresh').click();
    await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
    const balance = cents(await page.getByTestId('header-balance').textContent());
    const won = balance - 2_400 + 1_000 + 400;

    // The dashboard reads roll-ups folded about every second: its today's figures move by exactly that.
    await staff.getByTestId('nav-dashboard').click();
    const expected = {
      deposits: before.deposits + 400,
      depositCount: before.depositCount + 1,
      withdrawals: before.withdrawals + 1_000,
      stake: before.stake + 400,
      payout: before.payout + won,
      ggr: before.ggr + 400 - won,
    };
    await expect.poll(() => readFigures(staff), { timeout: 15_000 }).toEqual(expected);
  } finally {
    await consoleContext.close();
  }
});
