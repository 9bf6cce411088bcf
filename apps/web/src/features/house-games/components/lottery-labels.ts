import type { TFunction } from 'i18next';
import { lottery } from '../../../locales/en.json';

type BetTypeKey = keyof typeof lottery.bet_types;
type StationKey = keyof typeof lottery.regions;

const isBetTypeKey = (code: string): code is BetTypeKey => Object.hasOwn(lottery.bet_types, code);
const isRegionKey = (code: string): code is StationKey => Object.hasOwn(lottery.regions, code);

/** A bet type's name in the visitor's language; a type the site does not know yet shows its code. */
export const betTypeLabel = (t: TFunction, code: string): string =>
  isBetTypeKey(code) ? t(`lottery.bet_types.${code}`) : code;

export const regionLabel = (t: TFunction, region: string): string =>
  isRegionKey(region) ? t(`lottery.regions.${region}`) : region;

const shownNumbers = 12;

/** A bet's numbers, cut after a dozen ("00 01 … (+88)") so a long bao lô does not fill the screen. */
export const summariseNumbers = (numbers: readonly string[]): string =>
  numbers.length <= shownNumbers
    ? numbers.join(' ')
    : `${numbers.slice(0, shownNumbers).join(' ')} … (+${String(numbers.length - shownNumbers)})`;
