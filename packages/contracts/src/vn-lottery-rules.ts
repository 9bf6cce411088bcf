/**
 * Vietnamese lottery (lô đề) rules shared by the server and the site, free of zod: regions and stations,
 * the prize structure ("lots"), bet types with the lots they match, the stake formula and the number sets
 * players type. Facts from shared/guide/vn-lottery.md. Amounts are bigint minor units.
 */

export const vnRegions = ['north', 'central', 'south'] as const;
export type VnRegion = (typeof vnRegions)[number];

export const vnPrizes = [
  'special',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
] as const;
export type VnPrize = (typeof vnPrizes)[number];

/** One winning number of a station's draw: its prize and how many digits it has. */
export type VnLot = { prize: VnPrize; digits: number };

const expandLots = (rows: ReadonlyArray<readonly [VnPrize, number, number]>): VnLot[] =>
  rows.flatMap(([prize, count, digits]) => Array.from({ length: count }, () => ({ prize, digits })));

/** South and Central: 18 lots. */
const southCentralLots = expandLots([
  ['special', 1, 6],
  ['first', 1, 5],
  ['second', 1, 5],
  ['third', 2, 5],
  ['fourth', 7, 5],
  ['fifth', 1, 4],
  ['sixth', 3, 4],
  ['seventh', 1, 3],
  ['eighth', 1, 2],
]);

/** North: 27 lots. */
const northLots = expandLots([
  ['special', 1, 5],
  ['first', 1, 5],
  ['second', 2, 5],
  ['third', 6, 5],
  ['fourth', 4, 4],
  ['fifth', 6, 4],
  ['sixth', 3, 3],
  ['seventh', 4, 2],
]);

/** The lots of one station's draw, in the order results list them (special first). */
export const vnLotsOf = (region: VnRegion): readonly VnLot[] =>
  region === 'north' ? northLots : southCentralLots;

/** A station: a short code and its name. */
export type VnStation = { code: string; name: string };

const station = (code: string, name: string): VnStation => ({ code, name });
const HCM = station('HCM', 'TP. Hồ Chí Minh');
const TTH = station('TTH', 'Thừa Thiên Huế');
const KH = station('KH', 'Khánh Hòa');
const DNG = station('DNG', 'Đà Nẵng');
const HN = station('HN', 'Hà Nội');

/** Stations drawing on each weekday (0 = Sunday … 6 = Saturday), per region. */
export const vnStationsByWeekday: Readonly<Record<VnRegion, readonly (readonly VnStation[])[]>> = {
  south: [
    [station('TG', 'Tiền Giang'), station('KG', 'Kiên Giang'), station('DL', 'Đà Lạt')],
    [HCM, station('DT', 'Đồng Tháp'), station('CM', 'Cà Mau')],
    [station('BTR', 'Bến Tre'), station('VT', 'Vũng Tàu'), station('BL', 'Bạc Liêu')],
    [station('DN', 'Đồng Nai'), station('CT', 'Cần Thơ'), station('ST', 'Sóc Trăng')],
    [station('TN', 'Tây Ninh'), station('AG', 'An Giang'), station('BTH', 'Bình Thuận')],
    [station('VL', 'Vĩnh Long'), station('BD', 'Bình Dương'), station('TV', 'Trà Vinh')],
    [HCM, station('LA', 'Long An'), station('BP', 'Bình Phước'), station('HG', 'Hậu Giang')],
  ],
  central: [
    [station('KT', 'Kon Tum'), KH, TTH],
    [station('PY', 'Phú Yên'), TTH],
    [station('DLK', 'Đắk Lắk'), station('QNM', 'Quảng Nam')],
    [DNG, KH],
    [station('BDI', 'Bình Định'), station('QT', 'Quảng Trị'), station('QB', 'Quảng Bình')],
    [station('GL', 'Gia Lai'), station('NT', 'Ninh Thuận')],
    [DNG, station('QNG', 'Quảng Ngãi'), station('DNO', 'Đắk Nông')],
  ],
  north: [
    [station('TB', 'Thái Bình')],
    [HN],
    [station('QN', 'Quảng Ninh')],
    [station('BN', 'Bắc Ninh')],
    [HN],
    [station('HP', 'Hải Phòng')],
    [station('ND', 'Nam Định')],
  ],
};

/** Local time of day each region draws (HH:MM, the brand's time zone). */
export const vnDrawTimes: Readonly<Record<VnRegion, string>> = {
  south: '16:15',
  central: '17:15',
  north: '18:15',
};

export const vnBetTypes = [
  'bao_lo',
  'de',
  'dau',
  'duoi',
  'dau_duoi',
  'xiu_chu',
  'dao_bao_lo',
  'dao_xiu_chu',
  'bao_lo_7',
  'bao_lo_8',
  'da',
  'xien',
  'nhat_to',
] as const;
export type VnBetType = (typeof vnBetTypes)[number];

/** What a bet type accepts and pays. `odds` are 1 : x per digit count (x units won per unit staked per lot). */
export type VnBetTypeRule = {
  /** Digit counts a number may have. */
  digits: readonly number[];
  /** Regions where the type is offered. */
  regions: readonly VnRegion[];
  /** Odds by digit count (đá: by 1 station / 2 stations / North; xiên: by how many numbers). */
  odds: Readonly<Record<number, number>>;
  /** How many numbers a bet needs at least and at most. */
  minNumbers: number;
  maxNumbers: number;
  /** Numbers are expanded to their distinct digit permutations (đảo). */
  permutes: boolean;
};

const all: readonly VnRegion[] = vnRegions;
const maxNumbersPerBet = 100;

export const vnBetTypeRules: Readonly<Record<VnBetType, VnBetTypeRule>> = {
  bao_lo: {
    digits: [2, 3, 4],
    regions: all,
    odds: { 2: 75, 3: 650, 4: 5500 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  /** Đề: the special prize's last two digits (a two-digit đuôi). */
  de: {
    digits: [2],
    regions: all,
    odds: { 2: 75 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  dau: {
    digits: [2, 3],
    regions: all,
    odds: { 2: 75, 3: 650 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  duoi: {
    digits: [2, 3],
    regions: all,
    odds: { 2: 75, 3: 650 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  dau_duoi: {
    digits: [2],
    regions: all,
    odds: { 2: 75 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  xiu_chu: {
    digits: [3],
    regions: all,
    odds: { 3: 650 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  dao_bao_lo: {
    digits: [2, 3, 4],
    regions: all,
    odds: { 2: 75, 3: 650, 4: 5500 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: true,
  },
  dao_xiu_chu: {
    digits: [3],
    regions: all,
    odds: { 3: 650 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: true,
  },
  bao_lo_7: {
    digits: [2],
    regions: ['south', 'central'],
    odds: { 2: 75 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  bao_lo_8: {
    digits: [2],
    regions: ['north'],
    odds: { 2: 75 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
  /** Odds keyed 1 (one station), 2 (two stations), 0 (North). */
  da: {
    digits: [2],
    regions: all,
    odds: { 1: 750, 2: 550, 0: 650 },
    minNumbers: 2,
    maxNumbers: 20,
    permutes: false,
  },
  /** Odds keyed by how many numbers (2, 3, 4). */
  xien: {
    digits: [2],
    regions: ['north'],
    odds: { 2: 350, 3: 1000, 4: 3000 },
    minNumbers: 2,
    maxNumbers: 4,
    permutes: false,
  },
  nhat_to: {
    digits: [2, 3, 4],
    regions: ['north'],
    odds: { 2: 75, 3: 650, 4: 5500 },
    minNumbers: 1,
    maxNumbers: maxNumbersPerBet,
    permutes: false,
  },
};

/** Indexes (into `vnLotsOf(region)`) of the lots a bet type covers for numbers of `digits` digits. */
export const vnLotIndexes = (type: VnBetType, region: VnRegion, digits: number): number[] => {
  const lots = vnLotsOf(region);
  const indexesOf = (test: (lot: VnLot) => boolean): number[] =>
    lots.flatMap((lot, index) => (test(lot) ? [index] : []));
  const north = region === 'north';
  switch (type) {
    case 'bao_lo':
    case 'dao_bao_lo':
    case 'da':
    case 'xien':
      return indexesOf((lot) => lot.digits >= digits);
    case 'de':
    case 'duoi':
      return indexesOf((lot) => lot.prize === 'special');
    case 'dau':
      if (digits === 2) return indexesOf((lot) => lot.prize === (north ? 'seventh' : 'eighth'));
      return indexesOf((lot) => lot.prize === (north ? 'sixth' : 'seventh'));
    case 'dau_duoi':
      return indexesOf((lot) => lot.prize === 'special' || lot.prize === (north ? 'seventh' : 'eighth'));
    case 'xiu_chu':
    case 'dao_xiu_chu':
      return indexesOf((lot) => lot.prize === 'special' || lot.prize === (north ? 'sixth' : 'seventh'));
    case 'bao_lo_7':
      return indexesOf((lot) => ['eighth', 'seventh', 'sixth', 'fifth', 'special'].includes(lot.prize));
    case 'bao_lo_8':
      return indexesOf((lot) => ['seventh', 'sixth', 'special'].includes(lot.prize));
    case 'nhat_to':
      return indexesOf((lot) => lot.prize === 'first');
  }
};

/** The distinct permutations of a number's digits, sorted ("123" → 6, "112" → 3, "11" → 1). */
export const distinctPermutations = (number: string): string[] => {
  const results = new Set<string>();
  const walk = (prefix: string, rest: string): void => {
    if (rest.length === 0) {
      results.add(prefix);
      return;
    }
    for (let i = 0; i < rest.length; i += 1)
      walk(prefix + rest.charAt(i), rest.slice(0, i) + rest.slice(i + 1));
  };
  walk('', number);
  return [...results].sort();
};

/** n choose 2. */
export const pairsOf = (count: number): number => (count * (count - 1)) / 2;

/** The numbers factor of the stake: permutations for đảo types, C(n,2) for đá, 1 for xiên, else n. */
export const vnNumbersFactor = (type: VnBetType, numbers: readonly string[]): number => {
  if (type === 'da') return pairsOf(numbers.length);
  if (type === 'xien') return 1;
  if (vnBetTypeRules[type].permutes) {
    return numbers.reduce((sum, number) => sum + distinctPermutations(number).length, 0);
  }
  return numbers.length;
};

export type VnStakeInput = {
  region: VnRegion;
  type: VnBetType;
  numbers: readonly string[];
  /** How many stations the bet covers (North: always 1). */
  stationCount: number;
  /** Minor units per lot. */
  unitStake: bigint;
};

/**
 * Stake paid = stations × numbers (or permutations; C(n,2) for đá; 1 combination for xiên) × lots matched
 * by the type × unit stake. For đá on two stations the lots are those of one station (the pair may match
 * across both), so the stations factor is 2 as the formula says.
 */
export const vnStake = ({ region, type, numbers, stationCount, unitStake }: VnStakeInput): bigint => {
  const digits = numbers[0]?.length ?? 2;
  const lots = vnLotIndexes(type, region, digits).length;
  return BigInt(stationCount) * BigInt(vnNumbersFactor(type, numbers)) * BigInt(lots) * unitStake;
};

/** Odds of a bet: by digit count; đá by station count (North: its own); xiên by how many numbers. */
export const vnOdds = (
  type: VnBetType,
  region: VnRegion,
  numbers: readonly string[],
  stationCount: number,
): number => {
  const rule = vnBetTypeRules[type];
  const key =
    type === 'da'
      ? region === 'north'
        ? 0
        : stationCount
      : type === 'xien'
        ? numbers.length
        : (numbers[0]?.length ?? 2);
  return rule.odds[key] ?? 0;
};

export type VnBetProblem =
  | 'type_not_offered'
  | 'number_count'
  | 'number_format'
  | 'mixed_digits'
  | 'duplicate_number'
  | 'station_count';

/** Checks a bet's shape; null when it is good. Numbers are digit strings of an allowed length. */
export const checkVnBet = (
  region: VnRegion,
  type: VnBetType,
  numbers: readonly string[],
  stationCount: number,
): VnBetProblem | null => {
  const rule = vnBetTypeRules[type];
  if (!rule.regions.includes(region)) return 'type_not_offered';
  if (numbers.length < rule.minNumbers || numbers.length > rule.maxNumbers) return 'number_count';
  if (!numbers.every((number) => /^\d+$/.test(number) && rule.digits.includes(number.length))) {
    return 'number_format';
  }
  if (new Set(numbers.map((number) => number.length)).size > 1) return 'mixed_digits';
  if (new Set(numbers).size !== numbers.length) return 'duplicate_number';
  const maxStations = region === 'north' ? 1 : type === 'da' ? 2 : 4;
  if (stationCount < 1 || stationCount > maxStations) return 'station_count';
  return null;
};

const twoDigits = (value: number): string => String(value).padStart(2, '0');
const allTwoDigit = (): number[] => Array.from({ length: 100 }, (_, i) => i);

/** Named sets of two-digit numbers (tài, xỉu, chẵn, lẻ and the digit-parity pairs). */
export const vnNumberSets: Readonly<Record<string, () => string[]>> = {
  tai: () =>
    allTwoDigit()
      .filter((n) => n >= 50)
      .map(twoDigits),
  xiu: () =>
    allTwoDigit()
      .filter((n) => n < 50)
      .map(twoDigits),
  chan: () =>
    allTwoDigit()
      .filter((n) => n % 2 === 0)
      .map(twoDigits),
  le: () =>
    allTwoDigit()
      .filter((n) => n % 2 === 1)
      .map(twoDigits),
  chan_chan: () =>
    allTwoDigit()
      .filter((n) => Math.floor(n / 10) % 2 === 0 && n % 2 === 0)
      .map(twoDigits),
  le_le: () =>
    allTwoDigit()
      .filter((n) => Math.floor(n / 10) % 2 === 1 && n % 2 === 1)
      .map(twoDigits),
  chan_le: () =>
    allTwoDigit()
      .filter((n) => Math.floor(n / 10) % 2 === 0 && n % 2 === 1)
      .map(twoDigits),
  le_chan: () =>
    allTwoDigit()
      .filter((n) => Math.floor(n / 10) % 2 === 1 && n % 2 === 0)
      .map(twoDigits),
};

/**
 * Expands what a player typed into numbers: a named set (`tai`, `xiu`, `chan`, `le`, `chan_chan`, `le_le`,
 * `chan_le`, `le_chan`), a range `A/B keo C` (A, B, … up to C in steps of B − A, same digit count), or
 * numbers separated by spaces, commas, dots or dashes. Answers null when the text is none of these.
 */
export const expandVnNumbers = (text: string): string[] | null => {
  const trimmed = text.trim().toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/đ/g, 'd');
  const named = vnNumberSets[trimmed.replace(/\s+/g, '_')];
  if (named) return named();
  const range = /^(\d+)\s*\/\s*(\d+)\s*keo\s*(\d+)$/.exec(trimmed);
  if (range) {
    const [, first = '', second = '', last = ''] = range;
    if (first.length !== second.length || first.length !== last.length) return null;
    const start = Number(first);
    const step = Number(second) - start;
    const end = Number(last);
    if (step <= 0 || end < start) return null;
    const numbers: string[] = [];
    for (let value = start; value <= end && numbers.length <= 1000; value += step) {
      numbers.push(String(value).padStart(first.length, '0'));
    }
    return numbers;
  }
  const parts = trimmed.split(/[\s,.;-]+/).filter((part) => part.length > 0);
  if (parts.length === 0 || !parts.every((part) => /^\d{2,4}$/.test(part))) return null;
  return parts;
};
