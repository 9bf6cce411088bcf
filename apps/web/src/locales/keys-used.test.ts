import { bettingProductLines, classifyFilters, gameSubcategories } from '@wps/contracts/games-rules';
import { describe, expect, it } from 'vitest';
import { pageMetaKeys } from '../app/route-handle';
import { gameTypes } from '../features/games/game-types';
import { memberSections } from '../features/members/member-sections';
import en from './en.json';

/**
 * Every translation key the site's code uses must be in en.json, the complete dictionary the other
 * languages fall back to. The typed `t` catches most literal keys at compile time; this scan also covers
 * keys kept in data (`labelKey: 'nav.home'`), `i18nKey` props and keys built from an enumeration.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const flatten = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'object' && value !== null ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
const flatKeys = flatten(en);
// i18next's plural forms (`bets_one`, `bets_other`) answer for the key used with a count (`bets`).
const englishKeys = new Set([
  ...flatKeys,
  ...flatKeys.map((key) => key.replace(/_(?:zero|one|two|few|many|other)$/, '')),
]);
const sections = Object.keys(en);

const matchesOf = (pattern: RegExp): { file: string; key: string }[] =>
  Object.entries(sources).flatMap(([file, text]) =>
    [...text.matchAll(pattern)].flatMap((match) => (match[1] === undefined ? [] : [{ file, key: match[1] }])),
  );

// A quoted string that starts with one of en.json's sections and reads like a key: 'pages.member.title'.
const quotedKey = new RegExp(`['"]((?:${sections.join('|')})(?:\\.[A-Za-z0-9_]+)+)['"]`, 'g');
// Keys whose last part comes from data: t(`game_types.${gameType}`).
const templateKey = /\bt\(\s*`([^`]*\$\{[^`]*)`/g;

/** Keys built from enumerations the site knows, each expanded in full. */
const enumeratedKeys: Record<string, readonly string[]> = {
  'game_types.${}': [...gameTypes, ...bettingProductLines.filter((line) => line !== 'ALL')],
  'meta.${}.title': pageMetaKeys,
  'meta.${}.description': pageMetaKeys,
  'games.classify.${}': classifyFilters,
  'games.subcategories.${}': gameSubcategories,
  'pages.member.sections.${}': memberSections,
};

const shapeOf = (template: string): string => template.replace(/\$\{[^}]*\}/g, '${}');

describe('translation keys used in the code', () => {
  it('finds the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('are all in en.json (literal keys, keys in data and i18nKey props)', () => {
    const missing = matchesOf(quotedKey).filter(({ key }) => !englishKeys.has(key));
    expect(missing).toEqual([]);
  });

  it('built from data match at least one key of en.json', () => {
    const unmatched = matchesOf(templateKey).filter(({ key }) => {
      const pattern = new RegExp(
        `^${shapeOf(key)
          .split('${}')
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('[^.]+')}$`,
      );
      return ![...englishKeys].some((english) => pattern.test(english));
    });
    expect(unmatched).toEqual([]);
  });

  it.each(Object.entries(enumeratedKeys))('built as %s exist for every value', (shape, values) => {
    expect(matchesOf(templateKey).some(({ key }) => shapeOf(key) === shape)).toBe(true);
    const missing = values.map((value) => shape.replace('${}', value)).filter((key) => !englishKeys.has(key));
    expect(missing).toEqual([]);
  });
});
