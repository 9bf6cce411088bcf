import { addPayoutAccount, control, registerPlayer, signInToConsole } from '../support/journeys';
import { expect, type Operator, test } from '../support/platform';

/** A 1×1 PNG: the platform judges an upload by its content. */
const passportPhoto = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const setKycRule = async (operator: Operator, rule: Record<string, unknown>) => {
  const response = await operator.call('PUT', '/wps/backoffice/kyc/settings', rule);
  if (!response.ok()) throw new Error(`KYC rule refused: ${await response.text()}`);
};

test('a withdrawal above the threshold waits for identity verification until staff approve the document', async ({
  page,
  browser,
  operator,
}) => {
  test.setTimeout(120_000);
  // Above 100.00 a withdrawal waits until the member is verified to the basic tier (an identity approved).
  await setKycRule(operator, { requiredTier: 'basic', singleThreshold: '100.00', cumulativeThreshold: null });
  const consoleContext = await browser.newContext();
  try {
    await registerPlayer(page, 'kycplayer01', 'Secret123');
    await operator.adjustBalance('kycplayer01', '300.00', 'Journey opening balance');

    // The member hands in a photo of their passport from the member centre.
    await page.goto('/member?page=verification');
    await expect(page.getByTestId('kyc-tier')).toHaveAttribute('data-tier', 'none');
    await expect(page.getByTestId('kyc-withdrawal-rule')).toContainText('above 100.00 USD');
    await control(page, 'kyc-kind').selectOption('identity');
    await page
      .getByTestId('kyc-file')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: passportPhoto });
    await page.getByTestId('kyc-submit').click();
    const document = page.locator('[data-testid^="kyc-document-status-"]').first();
    await expect(document).toHaveAttribute('data-status', 'pending');

    // A withdrawal above the threshold: its money is held, and it waits for the verification.
    await addPayoutAccount(page, {
      loginPassword: 'Secret123',
      paymentPassword: '246810',
      number: '009988776655',
      holder: 'Kyc Player',
    });
    await control(page, 'withdraw-amount').fill('150');
    await control(page, 'withdraw-password').fill('246810');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('header-balance')).toHaveText(/150\.00/);
    const held = page.locator('[data-testid^="withdrawal-awaiting-verification-"]').first();
    await expect(held).toContainText('Waiting for verification');
    const withdrawalId = ((await held.getAttribute('data-testid')) ?? '').replace(
      'withdrawal-awaiting-verification-',
      '',
    );

    // Staff see it held, open the document with its image, and approve it.
    const staff = await consoleContext.newPage();
    await signInToConsole(staff, await operator.createStaff('admin'), 'an identity passphrase of mine');
    await staff.getByTestId('nav-kyc').click();
    await expect(staff.getByTestId(`kyc-held-row-${withdrawalId}`)).toContainText('150.00 USD');
    const row = staff.locator('[data-testid^="kyc-row-"][data-member="kycplayer01"]');
    await expect(row).toContainText('Identity document');
    await expect(row).toContainText('Born 1990-05-01');
    await expect(row.getByRole('img')).toBeVisible();
    const documentId = ((await row.getAttribute('data-testid')) ?? '').replace('kyc-row-', '');
    await staff.getByTestId(`approve-kyc-${documentId}`).click();
    await control(staff, 'review-note').fill('Passport matches the registration');
    await staff.getByTestId('review-confirm').click();
    await expect(staff.getByTestId(`approve-kyc-${documentId}`)).toHaveCount(0);
    await expect(staff.getByTestId(`kyc-held-row-${withdrawalId}`)).toHaveCount(0);

    // Released into the normal approval flow: it is in the withdrawal queue, approvable, its money still held.
    await staff.getByTestId('nav-withdrawals').click();
    await expect(staff.getByTestId(`withdrawal-row-${withdrawalId}`)).toContainText('150.00 USD');
    await expect(staff.getByTestId(`withdrawal-awaiting-kyc-${withdrawalId}`)).toHaveCount(0);
    await expect(staff.getByTestId(`approve-withdrawal-${withdrawalId}`)).toBeVisible();

    // The member sees the verification and the withdrawal no longer waiting for it.
    await page.goto('/member?page=verification');
    await expect(page.getByTestId('kyc-tier')).toHaveAttribute('data-tier', 'basic');
    await expect(document).toHaveAttribute('data-status', 'approved');
    await page.goto('/member?page=withdraw');
    await expect(page.getByTestId(`withdrawal-status-${withdrawalId}`)).toContainText(/pending/i);
    await expect(page.getByTestId(`withdrawal-awaiting-verification-${withdrawalId}`)).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toHaveText(/150\.00/);
  } finally {
    await consoleContext.close();
    await setKycRule(operator, { requiredTier: 'basic', singleThreshold: null, cumulativeThreshold: null });
  }
});
