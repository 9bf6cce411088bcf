import type { Locator, Page } from '@playwright/test';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';
import { type Language, rememberChoices, settle, type Theme } from '../support/screens';

/**
 * Visual regression: the key screens at 360 and 1440 pixels, light and dark, EN and UR, compared with the
 * baselines committed beside this file (`e2e/tests/visual.spec.ts-snapshots`). A layout that breaks changes far
 * more than the 1% of pixels a screenshot may differ by (font rasterising between Chromium builds). After an
 * intended change of the look: `cd e2e && npx playwright test tests/visual.spec.ts --update-snapshots`, and look
 * at the new images before committing them.
 *
 * The suite runs on a platform of its own (any platformEnvironment starts one), so what the screens show depends
 * on no other journey; what changes from run to run by nature (the clock, running jackpots, countdowns, dates,
 * the newest winners) is masked.
 */
test.use({ platformEnvironment: { LOG_LEVEL: 'error' } });

type Screen = {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** What differs from run to run by nature. */
  masks?: (page: Page) => Locator[];
};

const everywhere = (page: Page): Locator[] => [page.getByTestId('header-clock')];

const variants = (['EN', 'UR'] as const).flatMap((language) =>
  (['light', 'dark'] as const).flatMap((theme) => [360, 1440].map((width) => ({ language, theme, width }))),
);

const compareScreen = async (
  page: Page,
  screen: Screen,
  { language, theme, width }: { language: Language; theme: Theme; width: number },
) => {
  await rememberChoices(page, theme, language);
  await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
  await page.goto(screen.path);
  await screen.ready(page);
  // Every part of the page has arrived (LoadingStatus and QueryState show while one loads).
  await expect(page.locator('.wallet-status[role="status"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'UR' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await settle(page);
  await expect(page).toHaveScreenshot(`${screen.name}-${width}-${theme}-${language.toLowerCase()}.png`, {
    animations: 'disabled',
    caret: 'hide',
    mask: [...everywhere(page), ...(screen.masks?.(page) ?? [])],
    maxDiffPixelRatio: 0.01,
  });
};

const compareAll = async (page: Page, screen: Screen) => {
  for (const variant of variants) await compareScreen(page, screen, variant);
};

const guestScreens: Screen[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => expect(page.getByTestId('home-page')).toBeVisible(),
  },
  {
    name: 'lobby',
    path: '/rng',
    ready: (page) => expect(page.getByTestId('game-card').first()).toBeVisible(),
  },
];

const memberScreens: Screen[] = [
  {
    name: 'house-slot',
    path: '/house/slot',
    ready: (page) => expect(page.getByTestId('slot-page')).toBeVisible(),
  },
  {
    name: 'deposit',
    path: '/member?page=depositv2',
    ready: (page) => expect(page.getByTestId('member-page')).toBeVisible(),
  },
  {
    name: 'betting-record',
    path: '/member?page=personalHistoryCopy',
    ready: (page) => expect(page.getByTestId('member-page')).toBeVisible(),
  },
  {
    name: 'member-centre',
    path: '/member?page=securityCenter',
    ready: (page) => expect(page.getByTestId('security-level')).toBeVisible(),
  },
];

test.describe('visual regression', () => {
  for (const screen of guestScreens) {
    test(`${screen.name} looks as its baselines`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await compareAll(page, screen);
    });
  }

  for (const [index, screen] of memberScreens.entries()) {
    test(`${screen.name} looks as its baselines`, async ({ page }) => {
      test.setTimeout(120_000);
      await registerPlayer(page, `visual0${String(index + 1)}`, 'Secret123');
      await compareAll(page, screen);
    });
  }

  test('the agent overview looks as its baselines', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/agent');
    await control(page, 'login-username').fill('demoagent');
    await control(page, 'login-password').fill('Agent2025');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/agentHome$/);
    await compareAll(page, {
      name: 'agent-overview',
      path: '/agentHome',
      ready: (target) => expect(target.getByTestId('agent-home-page')).toBeVisible(),
    });
  });
});
