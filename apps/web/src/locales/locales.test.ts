import { errorCodes } from '@wps/contracts/errors';
import { describe, expect, it } from 'vitest';
import { clientErrorCodes } from '../lib/api-client';
import en from './en.json';
import ur from './ur.json';

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
