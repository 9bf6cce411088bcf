import { seriousViolations } from '../support/accessibility';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';

/** A 48×48 blue PNG: the platform judges an avatar by its content, then crops and resizes it. */
const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwclBIhKRNRNLuo9LKqAh8OBJ96t7zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4AVAgqLUlxXQkAAAAAElFTkSuQmCC',
  'base64',
);

test('a member edits the nickname and uploads an avatar, which the header then shows', async ({ page }) => {
  await registerPlayer(page, 'security01', 'Secret123');
  await page.goto('/member?page=securityCenter');
  await expect(page.getByTestId('security-profile')).toBeVisible();
  await expect(page.getByTestId('header-avatar-default')).toBeVisible();

  // The profile: only the nickname changes, and it stays after a reload.
  await control(page, 'profile-nickname').fill('Lucky Lotus');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/wps/member/account/profile') && response.request().method() === 'PUT',
  );
  await page.getByTestId('profile-submit').click();
  const savedResponse = await saved;
  expect(savedResponse.ok()).toBe(true);
  expect(savedResponse.request().postDataJSON()).toEqual({ nickname: 'Lucky Lotus' });
  await page.reload();
  await expect(control(page, 'profile-nickname')).toHaveValue('Lucky Lotus');

  // The avatar: the new picture shows in the security centre and in the header, loaded.
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/wps/member/account/avatar'));
  await page
    .getByTestId('security-avatar-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng });
  const upload = await uploaded;
  expect(upload.ok()).toBe(true);
  const { value } = (await upload.json()) as { value: { avatarUrl: string } };
  const headerAvatar = page.getByTestId('header-avatar');
  await expect(headerAvatar).toHaveAttribute('src', value.avatarUrl);
  await expect
    .poll(() =>
      headerAvatar.evaluate((image) =>
        image instanceof HTMLImageElement && image.complete ? image.naturalWidth : 0,
      ),
    )
    .toBeGreaterThan(0);
  await expect(page.getByTestId('security-avatar-image')).toHaveAttribute('src', value.avatarUrl);
  await expect(page.getByTestId('security-avatar-error')).toHaveCount(0);

  // A new visit to the site still shows it.
  await page.goto('/');
  await expect(page.getByTestId('header-avatar')).toHaveAttribute('src', value.avatarUrl);
});

test('the security centre fits a 360 px phone and axe finds no serious problem, light and dark, EN and UR', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await registerPlayer(page, 'security02', 'Secret123');
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [theme, language] of [
    ['light', 'EN'],
    ['dark', 'EN'],
    ['dark', 'UR'],
  ] as const) {
    await page.evaluate(
      ([chosenTheme, chosenLanguage]) => {
        localStorage.setItem('theme', chosenTheme);
        localStorage.setItem('lang', chosenLanguage);
      },
      [theme, language] as const,
    );
    await page.goto('/member?page=securityCenter');
    await expect(page.getByTestId('security-level')).toBeVisible();
    await expect(page.getByTestId('security-sessions').getByTestId('session-current')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Nothing wider than the phone: the page never scrolls sideways (the history table scrolls in its frame).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`security-centre-360-${theme}-${language.toLowerCase()}.png`),
      fullPage: true,
    });
  }
});
