import { randomUUID } from 'node:crypto';
import { addPayoutAccount, control, registerPlayer } from '../support/journeys';
import { expect, test, type Operator } from '../support/platform';

type Created = { id: string };

const wagering = {
  multiplier: 10,
  base: 'bonus',
  contributions: {},
  maxStake: '0',
  expiresInDays: 7,
} as const;

/** A promotion of the DEMO brand through the operator API, published (live from a minute ago). */
const createLivePromotion = async (operator: Operator, title: string, config: Record<string, unknown>) => {
  const created = await operator.call('POST', '/wps/backoffice/promotions', {
    category: 'deposit',
    status: 'draft',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: null,
    content: { en: { title, summary: 'Journey promotion', terms: '<p>Terms</p>' } },
    imageUploadId: null,
    claimLimit: 1,
    eligibility: {},
    config,
  });
  if (!created.ok()) throw new Error(`promotion refused: ${await created.text()}`);
  const { id } = ((await created.json()) as { value: Created }).value;
  const published = await operator.call('POST', `/wps/backoffice/promotions/${id}/status`, {
    action: 'publish',
  });
  if (!published.ok()) throw new Error(`publish refused: ${await published.text()}`);
  return id;
};

test('a member deposits with a deposit bonus and follows its wagering on bonusDetails', async ({
  page,
  context,
  operator,
}) => {
  const title = `Journey match ${randomUUID().slice(0, 6)}`;
  const promotionId = await createLivePromotion(operator, title, {
    kind: 'deposit_match',
    depositKind: 'first',
    percent: 100,
    cap: '50',
    minDeposit: '20',
    channelCodes: [],
    wagering,
  });
  await registerPlayer(page, 'bonusdep01', 'Secret123');
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-SANDBOX_PAY').click();
  await control(page, 'deposit-amount').fill('40');
  // No bonus unless the member picks one.
  await expect(page.getByTestId('deposit-bonus-none').locator('input')).toBeChecked();
  await expect(page.getByTestId(`deposit-bonus-${promotionId}`)).toContainText(title);
  await page.getByTestId(`deposit-bonus-${promotionId}`).locator('input').check();

  const gatewayOpened = context.waitForEvent('page');
  await page.getByTestId('deposit-submit').click();
  const gateway = await gatewayOpened;
  await gateway.getByRole('button', { name: 'Pay' }).click();

  await expect(page.getByTestId('header-balance')).toHaveText(/40\.00/);
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-bonus-balance')).toHaveText('+ 40.00 bonus');

  await page.goto('/member?page=bonusDetails');
  const active = page.getByTestId('bonus-active');
  await expect(active).toContainText(title);
  await expect(page.getByTestId('bonus-balance')).toHaveText('USD 40.00');
  await expect(page.getByTestId('bonus-progress-text')).toHaveText('0.00 of 400.00 USD wagered (0%)');
  await expect(page.getByTestId('bonus-left')).toHaveText('400.00 USD left to wager');
  await expect(page.getByTestId('bonus-contribution-RNG')).toContainText('100%');
  await expect(page.getByTestId('bonus-forfeit-rules')).toContainText('returns to the house');
});

test('a member with an active bonus withdraws after confirming the forfeit warning', async ({
  page,
  operator,
}) => {
  const promotionId = await createLivePromotion(operator, 'Journey gift', { kind: 'granted', wagering });
  await registerPlayer(page, 'bonusout01', 'Secret123');
  await operator.adjustBalance('bonusout01', '300', 'Journey opening balance');
  const granted = await operator.call('POST', '/wps/backoffice/promotions/members/bonusout01/bonuses', {
    promotionId,
    amount: '25',
    reason: 'Journey gift',
    requestId: randomUUID(),
  });
  expect(granted.ok()).toBe(true);

  await addPayoutAccount(page, {
    loginPassword: 'Secret123',
    paymentPassword: '246810',
    number: '001234567891',
    holder: 'Ana Reyes',
  });

  await expect(page.getByTestId('withdraw-bonus-notice')).toContainText('25.00');
  await control(page, 'withdraw-amount').fill('120');
  await control(page, 'withdraw-password').fill('246810');
  await page.getByTestId('withdraw-submit').click();
  const warning = page.getByTestId('confirm-dialog');
  await expect(warning).toContainText('Withdrawing forfeits your bonus of 25.00 USD');
  await warning.getByTestId('dialog-confirm').click();

  await expect(page.getByTestId('header-balance')).toHaveText(/180\.00/);
  await expect(page.locator('[data-testid^="withdrawal-status-"]').first()).toContainText(/pending/i);
  await expect(page.getByTestId('header-bonus-balance')).toHaveCount(0);
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-none')).toBeVisible();
  await expect(page.getByTestId('bonus-history')).toContainText('Forfeited');
});
