import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/platform';

type Tree = { [key: string]: string | Tree };

const dictionary = (file: string): Map<string, string> => {
  const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]): Array<[string, string]> =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
    );
  const url = new URL(`../../apps/web/src/locales/${file}.json`, import.meta.url);
  return new Map(flatten(JSON.parse(readFileSync(url, 'utf8')) as Tree));
};

const english = dictionary('en');

/**
 * The English texts a page in the language must not show: the dictionary's English values that the language's
 * dictionary translates (names kept as they are, such as game titles, are not among them).
 */
const untranslatedIn = (file: string): Set<string> => {
  const translated = dictionary(file);
  // A text the language itself uses somewhere ("VIP" for the menu, where another key says it in Thai) is its own.
  const ownTexts = new Set(translated.values());
  return new Set(
    [...english]
      .filter(
        ([key, text]) => translated.get(key) !== text && /[A-Za-z]{3}/.test(text) && !ownTexts.has(text),
      )
      .map(([, text]) => text),
  );
};

/**
 * Every text the visitor sees or hears on the page: visible text nodes, and the placeholders and accessible names
 * of visible elements.
 */
const shownTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text !== '' && parent && parent.checkVisibility()) texts.push(text);
    }
    const named = document.querySelectorAll('[placeholder], [aria-label], [title]');
    for (const element of Array.from(named).filter((candidate) => candidate.checkVisibility())) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });

const screens = [
  { path: '/', ready: 'home-page' },
  { path: '/rng', ready: 'lobby-page' },
  { path: '/register', ready: 'register-submit' },
];

test('the site switches to Vietnamese and to Thai with every visible string translated', async ({
  page,
  operator,
}) => {
  await operator.updateSiteSettings({ languages: { supported: ['EN', 'UR', 'VI', 'TH'], default: 'EN' } });
  try {
    for (const { code, file, label } of [
      { code: 'VI', file: 'vi', label: 'Tiếng Việt' },
      { code: 'TH', file: 'th', label: 'ไทย' },
    ]) {
      await page.goto('/');
      const picker = page.getByRole('banner').locator('select');
      await expect(picker.locator(`option[value="${code}"]`)).toHaveText(label);
      await picker.selectOption(code);
      await expect(page.locator('html')).toHaveAttribute('lang', file);
      const untranslated = untranslatedIn(file);
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByTestId(screen.ready)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', file);
        // Game titles come from the catalogue, names as the vendor gives them ("Crash" is the house game's title).
        const gameNames = new Set(await page.locator('.game-card__name').allTextContents());
        const leftovers = (await shownTexts(page)).filter(
          (text) => untranslated.has(text) && !gameNames.has(text),
        );
        expect(leftovers, `${code} ${screen.path}`).toEqual([]);
      }
    }
  } finally {
    await operator.updateSiteSettings({ languages: { supported: ['EN', 'UR'], default: 'EN' } });
  }
});
