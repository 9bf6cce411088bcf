import type { Page } from '@playwright/test';
import { seriousViolations } from './accessibility';
import { expect } from './platform';

export type Theme = 'light' | 'dark';
export type Language = 'EN' | 'UR';

/** The visitor's remembered choices, as the site keeps them, applied from the next page load. */
export const rememberChoices = async (page: Page, theme: Theme, language: Language) => {
  await page.evaluate(
    ([chosenTheme, chosenLanguage]) => {
      localStorage.setItem('theme', chosenTheme);
      localStorage.setItem('lang', chosenLanguage);
    },
    [theme, language] as const,
  );
};

/**
 * Waits for the page's web fonts (the Nastaliq face in UR) and for its finite animations and transitions (a
 * theme change fades the colours), so a screenshot or axe sees the real letters and the final colours.
 */
export const settle = async (page: Page) => {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
};

/** The page in the theme given (set on the open page, as the theme switch does), checked by axe. */
export const expectAccessible = async (page: Page, theme: Theme) => {
  await page.evaluate((chosen) => {
    document.documentElement.dataset.theme = chosen;
  }, theme);
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
};
