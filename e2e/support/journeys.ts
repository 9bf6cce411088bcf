import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, testCaptchaAnswer } from './platform';

/** The form control a test id names, whether the id sits on it or on its field wrapper. */
export const control = (page: Page, testId: string) =>
  page
    .locator(
      ['input', 'select', 'textarea']
        .flatMap((tag) => [`${tag}[data-testid="${testId}"]`, `[data-testid="${testId}"] ${tag}`])
        .join(', '),
    )
    .first();

/** A new player by username (no phone, so no extra verification), logged in on `page`. */
export const registerPlayer = async (page: Page, username: string, password: string) => {
  await page.goto('/register');
  await page.getByTestId('tab-username').click();
  await control(page, 'register-username').fill(username);
  await control(page, 'register-password').fill(password);
  await control(page, 'register-confirm-password').fill(password);
  await control(page, 'register-birthday').fill('1990-05-01');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await control(page, 'captcha-field').fill(testCaptchaAnswer);
  await page.getByTestId('register-terms').locator('input').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('header-account')).toHaveText(username);
};

/**
 * A new staff member's first sign-in through the console, as an admin hands it out: the temporary password,
 * the two-factor enrolment (the key shown on screen, typed into an "authenticator"), the recovery codes kept,
 * then a password of their own.
 */
export const signInToConsole = async (
  page: Page,
  { username, temporaryPassword }: { username: string; temporaryPassword: string },
  ownPassword: string,
) => {
  await page.goto('/backoffice/');
  await control(page, 'login-username').fill(username);
  await control(page, 'login-password').fill(temporaryPassword);
  await page.getByTestId('login-submit').click();

  await expect(page.getByTestId('enrol-qr')).toBeVisible();
  const secret = ((await page.getByTestId('enrol-secret').textContent()) ?? '').replace(/\s/g, '');
  await control(page, 'login-code').fill(await generate({ secret }));
  await page.getByTestId('login-code-submit').click();

  await expect(page.getByTestId('recovery-codes').locator('li')).not.toHaveCount(0);
  await page.getByTestId('recovery-saved').check();
  await page.getByTestId('recovery-continue').click();

  await expect(page.getByTestId('forced-password')).toBeVisible();
  await control(page, 'password-old').fill(temporaryPassword);
  await control(page, 'password-new').fill(ownPassword);
  await control(page, 'password-confirm').fill(ownPassword);
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('staff-name')).toBeVisible();
};

/**
 * On the withdrawal page of a player who has neither: sets the payment password and adds a bank payout account
 * (shown masked to its last four digits).
 */
export const addPayoutAccount = async (
  page: Page,
  {
    loginPassword,
    paymentPassword,
    number,
    holder,
  }: {
    loginPassword: string;
    paymentPassword: string;
    number: string;
    holder: string;
  },
) => {
  await page.goto('/member?page=withdraw');
  await expect(page.getByTestId('payment-password-form')).toBeVisible();
  await control(page, 'payment-password-login').fill(loginPassword);
  await control(page, 'payment-password-new').fill(paymentPassword);
  await control(page, 'payment-password-confirm').fill(paymentPassword);
  await page.getByTestId('payment-password-submit').click();
  await page.getByTestId('payout-add-open').click();
  await control(page, 'payout-method').selectOption('bank');
  await control(page, 'payout-provider').fill('BDO Unibank');
  await control(page, 'payout-number').fill(number);
  await control(page, 'payout-holder').fill(holder);
  await control(page, 'payout-password').fill(paymentPassword);
  await page.getByTestId('payout-submit').click();
  await expect(page.getByTestId('payout-accounts')).toContainText(`****${number.slice(-4)}`);
};
