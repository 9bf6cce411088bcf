import type { Page } from '@playwright/test';
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
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await control(page, 'captcha-field').fill(testCaptchaAnswer);
  await page.getByTestId('register-terms').locator('input').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('header-account')).toHaveText(username);
};
