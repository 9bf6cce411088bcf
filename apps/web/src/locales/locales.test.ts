import { errorCodes } from '@wps/contracts/errors';
import { describe, expect, it } from 'vitest';
import { clientErrorCodes } from '../lib/api-client';
import bn from './bn.json';
import en from './en.json';
import fil from './fil.json';
import hi from './hi.json';
import id from './id.json';
import pt from './pt.json';
import th from './th.json';
import ur from './ur.json';
import vi from './vi.json';
import zh from './zh.json';

/** Every leaf of a locale file as `dotted.key → text`. */
const flatten = (tree: object, prefix = ''): Map<string, unknown> =>
  new Map(
    Object.entries(tree).flatMap(([key, value]: [string, unknown]) =>
      typeof value === 'object' && value !== null
        ? [...flatten(value, `${prefix}${key}.`)]
        : [[`${prefix}${key}`, value] as const],
    ),
  );

const english = flatten(en);
const urdu = flatten(ur);
const specKeys = [
  'game_maintenance',
  'end_time',
  'info_maintenance',
  'blockip',
  'info_ip_block',
  'in_need_true_account',
  'copy_success',
];

describe.each([
  ['en', english],
  ['ur', urdu],
])('locale %s', (_name, messages) => {
  it.each([...errorCodes, ...clientErrorCodes])('has a message for error code %s', (code) => {
    expect(messages.get(`errors.${code}`)).toEqual(expect.stringMatching(/\S/));
  });

  it.each(specKeys)('has the spec key %s', (key) => {
    expect(messages.get(key)).toEqual(expect.stringMatching(/\S/));
  });

  it('has exactly the keys of English, each with text', () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of messages)
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
  });
});

it('translates Urdu rather than copying English', () => {
  const copied = [...urdu].filter(([key, text]) => english.get(key) === text).map(([key]) => key);
  expect(copied).toEqual([]);
});

/** {{placeholders}} and <tags> a translation must keep, whatever the language. */
const markersOf = (text: unknown): string[] =>
  typeof text === 'string'
    ? [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map(([marker]) => marker).sort()
    : [];

/**
 * What a translation may leave as the English has it: names (brands, our game titles, the game terms players of
 * these markets read in English: poker streets, slot symbols, the cockfight sides) and what has at most two
 * Latin letters once the placeholders are out (numbers, symbols, one-letter marks, units).
 */
const namesKeptInEnglish = new Set([
  'VIP',
  'Google',
  'Facebook',
  'WhatsApp',
  'WeChat',
  'Android',
  'Email',
  'Fruit Fortune',
  'Aqua Fortune',
  'Crash',
  "Texas Hold'em",
  'Niu-Niu',
  'Baccarat',
  'Roulette',
  'Dragon Tiger',
  'Dragon',
  'Wild',
  'Scatter',
  'Flop',
  'Turn',
  'River',
  'Blinds',
  'Bingo',
  'Jackpots',
  'Cashback',
  'Nonce',
  'i-Box',
  'Meron',
  'Wala',
]);
const isLeftoverEnglish = (key: string, text: unknown): boolean => {
  const source = english.get(key);
  if (text !== source || typeof source !== 'string') return false;
  const latinLetters = source.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]/g) ?? [];
  // The English of the Vietnamese lottery's bet names is Vietnamese already.
  const isVietnamese = /[\u00C0-\u1EF9]/.test(source);
  return latinLetters.length > 2 && !isVietnamese && !namesKeptInEnglish.has(source);
};

describe.each([
  ['pt', flatten(pt)],
  ['th', flatten(th)],
  ['fil', flatten(fil)],
  ['vi', flatten(vi)],
  ['id', flatten(id)],
  ['zh', flatten(zh)],
  ['hi', flatten(hi)],
  ['bn', flatten(bn)],
])('locale %s', (_name, messages) => {
  it('has exactly the keys of English, each with text and the same placeholders', () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of messages) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      expect(markersOf(text), key).toEqual(markersOf(english.get(key)));
    }
  });

  it('leaves no English behind but names', () => {
    expect([...messages].filter(([key, text]) => isLeftoverEnglish(key, text)).map(([key]) => key)).toEqual(
      [],
    );
  });
});
