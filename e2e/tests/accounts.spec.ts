import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { expect, test, testCaptchaAnswer } from '../support/platform';

const field = (page: Page, testId: string) => page.getByTestId(testId).locator('input').first();

const fillCaptcha = async (page: Page) => {
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await field(page, 'captcha-field').fill(testCaptchaAnswer);
};

test.describe('registration', () => {
  test('a visitor registers by username and is logged in', async ({ page }) => {
    await page.goto('/register');
    await page.getByTestId('tab-username').click();
    await field(page, 'register-username').fill('journey01');
    await field(page, 'register-password').fill('Secret123');
    await field(page, 'register-confirm-password').fill('Secret123');
    await field(page, 'register-birthday').fill('1990-05-01');
    await fillCaptcha(page);
    await page.getByTestId('register-terms').locator('input').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('header-account')).toHaveText('journey01');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor registers by mobile with the SMS code from the outbox', async ({ page, operator }) => {
    await page.goto('/register');
    await expect(page.getByTestId('register-form')).toHaveAttribute('data-mode', 'mobile');
    await field(page, 'register-mobile').fill('09175550101');
    await page.getByTestId('sms-send-button').click();
    await expect(page.getByTestId('sms-send-button')).toBeDisabled();
    const code = await operator.readSmsCode('+639175550101');
    await field(page, 'sms-code-field').fill(code);
    await field(page, 'register-password').fill('Secret123');
    await field(page, 'register-confirm-password').fill('Secret123');
    await field(page, 'register-birthday').fill('1990-05-01');
    await fillCaptcha(page);
    await page.getByTestId('register-terms').locator('input').check();
    await page.getByTestId('register-submit').click();
    // Mobile mode: the username is the number with one leading 0 removed.
    await expect(page.getByTestId('header-account')).toHaveText('9175550101');
  });
});

test.describe('login', () => {
  test('a wrong password brings the captcha; the right one then logs in, and a second tab is signed in too', async ({
    page,
  }) => {
    // A guest's first visit asks whether the browser has a session and is told no: no failing request.
    const failures: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failures.push(`${String(response.status())} ${response.url()}`);
    });
    const remembered = page.waitForResponse((response) => response.url().endsWith('/wps/session/remembered'));
    await page.goto('/login');
    expect((await remembered).status()).toBe(200);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    expect(failures).toEqual([]);
    await page.getByTestId('tab-username').click();
    await field(page, 'login-username').fill('demoagent');
    await field(page, 'login-password').fill('NotTheRight1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('captcha-field')).toBeVisible();
    await field(page, 'login-password').fill('Agent2025');
    await fillCaptcha(page);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-account')).toHaveText('demoagent');

    // Another tab of the same browser (issue 30, point 4): its session storage is empty, the httpOnly session
    // cookie brings the session back; a page that needs a session opens rather than sending it to /login.
    const secondTab = await page.context().newPage();
    await secondTab.goto('/');
    await expect(secondTab.getByTestId('header-account')).toHaveText('demoagent');
    const gameTab = await page.context().newPage();
    await gameTab.goto('/vnLottery?gameCode=TCG_LOTTO_VN-O0003');
    await expect(gameTab.getByTestId('lottery-page')).toBeVisible();
    await expect(gameTab).toHaveURL(/\/vnLottery\?gameCode=/);
    // The token itself never leaves session storage.
    expect(await secondTab.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(
      await page.evaluate(() => window.sessionStorage.getItem('token') ?? 'no token'),
    );
  });

  test('a member is refused at /agent and an agent reaches /agentHome', async ({ page }) => {
    await page.goto('/agent');
    await expect(page.getByTestId('agent-support-hours')).toBeVisible();
    await expect(page.getByTestId('social-login')).toHaveCount(0);
    await field(page, 'login-username').fill('journey01');
    await field(page, 'login-password').fill('Secret123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Non-agents cannot log in.')).toBeVisible();
    await expect(page).toHaveURL(/\/agent$/);

    await page.goto('/agent');
    await field(page, 'login-username').fill('demoagent');
    await field(page, 'login-password').fill('Agent2025');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/agentHome$/);
    await expect(page.getByTestId('agent-home-page')).toBeVisible();
  });

  test('free play gives a trial account that is stopped at member actions', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('free-play-link').click();
    await expect(page.getByTestId('header-account')).toHaveText(/^trial/);
    await page.getByTestId('header-deposit').click();
    await expect(page.getByTestId('alert-dialog')).toContainText(
      'Please register a real account to use this feature.',
    );
  });
});

test('forgot password by email: the mail brings a link to choose a new password, then the member logs in with it', async ({
  page,
  operator,
}) => {
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, done) => {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        mails.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  try {
    await operator.configureDelivery({
      smsGateway: null,
      smtp: {
        host: '127.0.0.1',
        port: (smtp.server.address() as AddressInfo).port,
        secure: false,
        user: null,
        password: null,
        from: 'Lucky Lotus <no-reply@lotus.test>',
      },
    });
    await page.goto('/forget');
    await page.getByTestId('tab-email').click();
    await field(page, 'forgot-username').fill('demoplayer');
    await field(page, 'forgot-email').fill('player@example.com');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('alert-dialog')).toContainText(
      'If the username and email match an account',
    );
    await expect.poll(() => mails.length).toBe(1);
    // The mail is quoted-printable: soft line breaks end in "=", and "=" itself is "=3D".
    const mail = (mails[0] ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/forget\?reset=[\w-]+/.exec(mail)?.[0] ?? '';
    expect(link).not.toBe('');

    await page.goto(new URL(link).pathname + new URL(link).search);
    await field(page, 'reset-new-password').fill('Renewed2026');
    await field(page, 'reset-confirm-password').fill('Renewed2026');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('alert-dialog')).toContainText('Your password has been changed');
    await page.getByTestId('dialog-confirm').click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('tab-username').click();
    await field(page, 'login-username').fill('demoplayer');
    await field(page, 'login-password').fill('Renewed2026');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-account')).toHaveText('demoplayer');
  } finally {
    await operator.configureDelivery({ smsGateway: null, smtp: null });
    smtp.close();
  }
});
