import type { Page } from '@playwright/test';
import { agentPages, agentShellPages } from '../../apps/web/src/features/agents/agent-pages';
import { lobbyRoutes } from '../../apps/web/src/features/games/game-types';
import { memberSections } from '../../apps/web/src/features/members/member-sections';
import { seriousViolations } from '../support/accessibility';
import { control, registerPlayer } from '../support/journeys';
import { expect, test } from '../support/platform';
import { settle, type Theme } from '../support/screens';

/**
 * Every page of the site the journeys visit, and every page of the member and agent centres, checked by axe in
 * the light and the dark theme (colour contrast included): no serious or critical finding anywhere. The walk
 * gathers every page's findings and fails once with all of them, so one run shows the whole list.
 */
const sitePaths = [
  '/',
  ...Object.keys(lobbyRoutes).map((path) => `/${path}`),
  '/promotions',
  '/favorite',
  '/recent',
  '/help',
  '/pointMall',
  '/announce',
  '/down',
  '/fairness',
];
const gamePaths = [
  '/lottery',
  '/vnLottery',
  '/seaLottery',
  '/lottert',
  '/house/slot',
  '/house/crash',
  '/house/fishing',
  '/house/poker',
  '/house/niu-niu',
  '/house/cockfight',
  '/house/baccarat',
  '/house/roulette',
  '/house/dragon-tiger',
];
const memberPaths = memberSections.map((section) => `/member?page=${section}`);

type Findings = Record<string, unknown>;

/** Opens each path and records axe's serious findings under `<path> (<theme>)`, light then dark. */
const walk = async (page: Page, paths: readonly string[], findings: Findings) => {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main, [data-testid="agent-home-page"]').first()).toBeVisible();
    // Every part of the page has arrived (LoadingStatus and QueryState show while one loads).
    const arrived = await expect
      .poll(() => page.locator('.wallet-status[role="status"]').count(), { timeout: 15_000 })
      .toBe(0)
      .then(
        () => true,
        () => false,
      );
    if (!arrived) findings[`${path}: still loading`] = true;
    for (const theme of ['light', 'dark'] as const satisfies Theme[]) {
      // As the theme switch does it: the open page changes its colours.
      await page.evaluate((chosen) => {
        document.documentElement.dataset.theme = chosen;
      }, theme);
      await settle(page);
      const serious = await seriousViolations(page);
      if (serious.length > 0) findings[`${path} (${theme})`] = serious;
    }
  }
};

// Each group on its own worker where there are two.
test.describe.configure({ mode: 'parallel' });

for (const [index, [name, paths]] of (
  [
    ['the site', sitePaths],
    ['the house games', gamePaths],
    ['the member centre', memberPaths],
  ] as const
).entries()) {
  test(`axe finds no serious problem on any page of ${name}, light and dark`, async ({ page }) => {
    test.setTimeout(420_000);
    await registerPlayer(page, `axewalk0${String(index + 1)}`, 'Secret123');
    const findings: Findings = {};
    await walk(page, paths, findings);
    expect(findings).toEqual({});
  });
}

test('axe finds no serious problem on any page of the agent centre, light and dark', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/agent');
  await control(page, 'login-username').fill('demoagent');
  await control(page, 'login-password').fill('Agent2025');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/agentHome$/);
  const findings: Findings = {};
  await walk(
    page,
    [...agentPages, ...agentShellPages].map((section) => `/agentHome?page=${section}`),
    findings,
  );
  expect(findings).toEqual({});
});
