import { lotteryStake } from '@wps/contracts/lottery-rules';
import {
  distinctPermutations,
  expandVnNumbers,
  vnLotIndexes,
  vnLotsOf,
  vnStake,
  vnStationsByWeekday,
} from '@wps/contracts/vn-lottery-rules';
import { describe, expect, it } from 'vitest';
import { createServerSeed } from './fairness';
import {
  findLotteryGame,
  type LotteryGameDefinition,
  nextDrawTimes,
  publicDrawId,
  stationsOf,
} from './lottery.games';
import { checkOperatorResult, fairResult, payoutOf, priceLine } from './lottery.rules';
import { verifyLotteryDraw } from './lottery.service';
import { sea4dPayout } from './sea-4d';
import { vnPayout } from './vn-lottery';

const gameOf = (code: string): LotteryGameDefinition => {
  const game = findLotteryGame(code);
  if (!game) throw new Error(code);
  return game;
};

/** A South/Central station result whose every lot ends in 99, with some lots replaced. */
const southResult = (changes: Record<number, string> = {}): string[] =>
  vnLotsOf('south').map((lot, index) => changes[index] ?? '9'.repeat(lot.digits));
const northResult = (changes: Record<number, string> = {}): string[] =>
  vnLotsOf('north').map((lot, index) => changes[index] ?? '9'.repeat(lot.digits));

describe('VN stake (guide worked examples)', () => {
  it('đầu đuôi, xỉu chủ, bao lô, đá and đảo bao lô', () => {
    expect(
      vnStake({
        region: 'south',
        type: 'dau_duoi',
        numbers: ['01', '02'],
        stationCount: 2,
        unitStake: 1000n,
      }),
    ).toBe(8000n);
    expect(
      vnStake({
        region: 'south',
        type: 'xiu_chu',
        numbers: ['123', '456', '789'],
        stationCount: 2,
        unitStake: 1500n,
      }),
    ).toBe(18_000n);
    expect(
      vnStake({
        region: 'north',
        type: 'bao_lo',
        numbers: ['39', '25', '52'],
        stationCount: 1,
        unitStake: 5000n,
      }),
    ).toBe(405_000n);
    expect(
      vnStake({ region: 'north', type: 'da', numbers: ['45', '58', '23'], stationCount: 1, unitStake: 500n }),
    ).toBe(40_500n);
    expect(
      vnStake({ region: 'north', type: 'dao_bao_lo', numbers: ['123'], stationCount: 1, unitStake: 1000n }),
    ).toBe(138_000n);
    expect(
      lotteryStake({
        kind: 'vn',
        region: 'north',
        betType: 'bao_lo',
        numbers: ['39', '25', '52'],
        unitStake: 5000n,
      }),
    ).toBe(405_000n);
  });

  it('lots matched per type and region', () => {
    expect(vnLotsOf('south')).toHaveLength(18);
    expect(vnLotsOf('north')).toHaveLength(27);
    expect([2, 3, 4].map((digits) => vnLotIndexes('bao_lo', 'south', digits).length)).toEqual([18, 17, 16]);
    expect([2, 3, 4].map((digits) => vnLotIndexes('bao_lo', 'north', digits).length)).toEqual([27, 23, 20]);
    expect(vnLotIndexes('dau', 'south', 2)).toHaveLength(1);
    expect(vnLotIndexes('dau', 'north', 2)).toHaveLength(4);
    expect(vnLotIndexes('dau', 'north', 3)).toHaveLength(3);
    expect(vnLotIndexes('dau_duoi', 'north', 2)).toHaveLength(5);
    expect(vnLotIndexes('xiu_chu', 'north', 3)).toHaveLength(4);
    expect(vnLotIndexes('bao_lo_7', 'south', 2)).toHaveLength(7);
    expect(vnLotIndexes('bao_lo_8', 'north', 2)).toHaveLength(8);
    expect(vnLotIndexes('de', 'south', 2)).toEqual([0]);
    expect(distinctPermutations('123')).toHaveLength(6);
    expect(distinctPermutations('112')).toHaveLength(3);
  });

  it('number sets and ranges', () => {
    expect(expandVnNumbers('tài')).toHaveLength(50);
    expect(expandVnNumbers('xiu')?.[49]).toBe('49');
    expect(expandVnNumbers('chẵn chẵn')).toHaveLength(25);
    expect(expandVnNumbers('le_chan')?.slice(0, 3)).toEqual(['10', '12', '14']);
    expect(expandVnNumbers('10/15 kéo 30')).toEqual(['10', '15', '20', '25', '30']);
    expect(expandVnNumbers('01, 02 03')).toEqual(['01', '02', '03']);
    expect(expandVnNumbers('abc')).toBeNull();
  });
});

describe('VN payouts', () => {
  const unit = 1000n;
  const da = (stationResults: string[][], numbers: string[]) =>
    vnPayout({ region: 'south', type: 'da', numbers, stationResults, unitStake: unit });

  it('đá: the guide examples at 1,000 and 1:750 on one South station', () => {
    // eighth (17) is 2 digits, seventh (16) 3, sixth (13–15) 4.
    expect(da([southResult({ 17: '01', 16: '502' })], ['01', '02'])).toBe(750_000n);
    expect(da([southResult({ 17: '01', 16: '501', 15: '1202' })], ['01', '02'])).toBe(1_125_000n);
    expect(da([southResult({ 17: '01', 16: '502', 15: '1203' })], ['01', '02', '03'])).toBe(1_500_000n);
    expect(da([southResult({ 17: '01', 16: '501', 15: '1202', 14: '3303' })], ['01', '02', '03'])).toBe(
      1_875_000n,
    );
    expect(
      da([southResult({ 17: '01', 16: '502', 15: '1202', 14: '3302', 13: '4403' })], ['01', '02', '03']),
    ).toBe(2_250_000n);
    expect(da([southResult({ 17: '01' })], ['01', '02'])).toBe(0n);
  });

  it('bao lô counts every matching lot; đề, đầu, đuôi, xỉu chủ, đảo and xiên', () => {
    const station = southResult({ 0: '123445', 5: '77123', 17: '23', 16: '823' });
    const pay = (type: Parameters<typeof vnPayout>[0]['type'], numbers: string[], result = station) =>
      vnPayout({ region: 'south', type, numbers, stationResults: [result], unitStake: unit });
    expect(pay('bao_lo', ['23'])).toBe(3n * unit * 75n); // lots 5, 16, 17
    expect(pay('bao_lo', ['123'])).toBe(1n * unit * 650n); // lot 5 (77123)
    expect(pay('de', ['45'])).toBe(unit * 75n);
    expect(pay('duoi', ['445'])).toBe(unit * 650n);
    expect(pay('dau', ['23'])).toBe(unit * 75n); // eighth
    expect(pay('dau_duoi', ['23', '45'])).toBe(2n * unit * 75n);
    expect(pay('xiu_chu', ['823'])).toBe(unit * 650n); // seventh
    expect(pay('dao_xiu_chu', ['238'])).toBe(unit * 650n); // 823 is a permutation
    expect(pay('bao_lo', ['32'])).toBe(0n);
    expect(pay('dao_bao_lo', ['32'])).toBe(3n * unit * 75n);
    const north = northResult({ 26: '45', 25: '58', 24: '11' });
    const xien = (numbers: string[]) =>
      vnPayout({ region: 'north', type: 'xien', numbers, stationResults: [north], unitStake: unit });
    expect(xien(['45', '58'])).toBe(unit * 350n);
    expect(xien(['45', '58', '11'])).toBe(unit * 1000n);
    expect(xien(['45', '58', '12'])).toBe(0n);
  });

  it('prices lines server-side and refuses bad ones', () => {
    const south = gameOf('TCG_LOTTO_VN-O0003');
    const line = priceLine(south, ['TG', 'KG', 'DL'], {
      betType: 'dau_duoi',
      numbers: ['01', '02'],
      stations: ['TG', 'KG'],
      unitStake: 1000n,
    });
    expect('stake' in line && line.stake).toBe(8000n);
    expect('exposure' in line && [...line.exposure.keys()].sort()).toEqual([
      'KG:01',
      'KG:02',
      'TG:01',
      'TG:02',
    ]);
    expect(
      priceLine(south, ['TG'], { betType: 'xien', numbers: ['01', '02'], stations: ['TG'], unitStake: 1n }),
    ).toHaveProperty('message');
    expect(
      priceLine(south, ['TG'], { betType: 'bao_lo', numbers: ['01'], stations: ['XX'], unitStake: 1n }),
    ).toHaveProperty('message');
    expect(
      priceLine(south, ['TG'], {
        betType: 'bao_lo',
        numbers: ['01', '123'],
        stations: ['TG'],
        unitStake: 1n,
      }),
    ).toHaveProperty('message');
  });
});

describe('SEA 4D', () => {
  const results = [
    '1234',
    '5678',
    '0001',
    ...Array.from({ length: 10 }, (_, i) => `20${String(i).padStart(2, '0')}`),
    '1234',
    ...Array.from({ length: 9 }, (_, i) => `30${String(i).padStart(2, '0')}`),
  ];

  it('big wins on any of the 23 (repeats count), small on the top three only', () => {
    expect(results).toHaveLength(23);
    expect(sea4dPayout('big', '1234', results, 100n)).toBe(100n * (2500n + 60n));
    expect(sea4dPayout('small', '1234', results, 100n)).toBe(100n * 3500n);
    expect(sea4dPayout('big', '2003', results, 100n)).toBe(100n * 180n);
    expect(sea4dPayout('small', '2003', results, 100n)).toBe(0n);
    expect(sea4dPayout('big', '9999', results, 100n)).toBe(0n);
  });

  it('ibox divides each prize by the permutations', () => {
    expect(sea4dPayout('ibox_big', '4321', results, 100n)).toBe((100n * 2500n) / 24n + (100n * 60n) / 24n);
    expect(sea4dPayout('ibox_small', '8765', results, 240n)).toBe((240n * 2000n) / 24n);
    expect(sea4dPayout('ibox_big', '1000', results, 400n)).toBe((400n * 500n) / 4n);
  });
});

describe('speed games', () => {
  const game = gameOf('LOTT-O0001');
  const result = { balls: [9, 9, 1] };
  const pay = (betType: string, numbers: string[]) =>
    payoutOf(game, result, { betType, numbers, stations: [], unitStake: 1000n });

  it('big/small/odd/even on the sum, position and straight', () => {
    expect(pay('sum', ['BIG'])).toBe(1950n);
    expect(pay('sum', ['SMALL', 'EVEN'])).toBe(0n);
    expect(pay('sum', ['BIG', 'ODD'])).toBe(3900n);
    expect(pay('position', ['1:9', '3:2'])).toBe(9700n);
    expect(pay('straight', ['991'])).toBe(970_000n);
    expect(pay('straight', ['199'])).toBe(0n);
  });
});

describe('fair results', () => {
  it('a recorded session of draws is reproduced by the verifier, and results fit the games', () => {
    const session = [
      'TCG_LOTTO_VN-O0001',
      'TCG_LOTTO_VN-O0003',
      'TCG_SEA-O0001',
      'LOTT-O0002',
      'ELOTT-E0003',
    ].flatMap((code) => {
      const game = gameOf(code);
      return nextDrawTimes(game, new Date('2026-11-24T00:00:00Z'), 'Asia/Manila', {}, 2).map((drawAt) => {
        const stations = stationsOf(game, drawAt, 'Asia/Manila').map((station) => station.code);
        const seeds = {
          serverSeed: createServerSeed(),
          clientSeed: publicDrawId(code, drawAt, 'Asia/Manila'),
        };
        return { game, stations, seeds, result: fairResult(game, stations, seeds) };
      });
    });
    for (const draw of session) {
      expect(
        verifyLotteryDraw({
          ...draw.seeds,
          nonce: 0,
          params: { gameCode: draw.game.gameCode, stations: draw.stations.join(',') },
        }),
      ).toEqual(draw.result);
      expect(checkOperatorResult(draw.game, draw.stations, draw.result)).toEqual(draw.result);
    }
  });

  it('schedules in the brand time zone with the weekday stations', () => {
    const north = gameOf('TCG_LOTTO_VN-O0001');
    const [first] = nextDrawTimes(north, new Date('2026-11-24T00:00:00Z'), 'Asia/Ho_Chi_Minh', {}, 1);
    expect(first?.toISOString()).toBe('2026-11-24T11:15:00.000Z'); // 18:15 in UTC+7, a Tuesday
    expect(stationsOf(north, first ?? new Date(), 'Asia/Ho_Chi_Minh')).toEqual(vnStationsByWeekday.north[2]);
    const sea = gameOf('TCG_SEA-O0001');
    const seaDays = nextDrawTimes(sea, new Date('2026-11-24T00:00:00Z'), 'UTC', {}, 3).map((date) =>
      date.getUTCDay(),
    );
    expect(seaDays).toEqual([3, 6, 0]);
    const fast = nextDrawTimes(north, new Date('2026-11-24T00:00:07Z'), 'UTC', { vnDrawEverySeconds: 20 }, 2);
    expect(fast.map((date) => date.toISOString())).toEqual([
      '2026-11-24T00:00:20.000Z',
      '2026-11-24T00:00:40.000Z',
    ]);
    expect(publicDrawId('LOTT-O0001', new Date('2026-11-24T00:00:20Z'), 'Asia/Manila')).toBe(
      'LOTT-O0001-20261124-080020',
    );
  });

  it('takes the day, weekday and draw id from the brand clock where it is already tomorrow in UTC+7', () => {
    const north = gameOf('TCG_LOTTO_VN-O0001');
    // Tuesday 18:00 in UTC is Wednesday 01:00 in Ho Chi Minh City: today's 18:15 draw there is gone.
    const from = new Date('2026-11-24T18:00:00Z');
    const [vietnam] = nextDrawTimes(north, from, 'Asia/Ho_Chi_Minh', {}, 1);
    expect(vietnam?.toISOString()).toBe('2026-11-25T11:15:00.000Z');
    expect(stationsOf(north, vietnam ?? from, 'Asia/Ho_Chi_Minh')).toEqual(vnStationsByWeekday.north[3]);
    expect(publicDrawId(north.gameCode, vietnam ?? from, 'Asia/Ho_Chi_Minh')).toBe(
      'TCG_LOTTO_VN-O0001-20261125-181500',
    );
    const [utc] = nextDrawTimes(north, from, 'UTC', {}, 1);
    expect(utc?.toISOString()).toBe('2026-11-24T18:15:00.000Z');
    expect(stationsOf(north, utc ?? from, 'UTC')).toEqual(vnStationsByWeekday.north[2]);
    expect(publicDrawId('LOTT-O0001', new Date('2026-11-24T16:59:59Z'), 'Asia/Ho_Chi_Minh')).toBe(
      'LOTT-O0001-20261124-235959',
    );
    expect(publicDrawId('LOTT-O0001', new Date('2026-11-24T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe(
      'LOTT-O0001-20261125-000000',
    );
  });

  it('keeps a calendar draw at its local time across daylight-saving changes', () => {
    const sea = gameOf('TCG_SEA-O0001');
    const draws = (from: string) =>
      nextDrawTimes(sea, new Date(from), 'Europe/Berlin', {}, 3).map((date) => date.toISOString());
    // Saturday, then Sunday 29 March when the clocks go forward, then Wednesday: 19:00 each time.
    expect(draws('2026-03-27T00:00:00Z')).toEqual([
      '2026-03-28T18:00:00.000Z',
      '2026-03-29T17:00:00.000Z',
      '2026-04-01T17:00:00.000Z',
    ]);
    // Saturday, then Sunday 25 October when the clocks go back, then Wednesday.
    expect(draws('2026-10-23T00:00:00Z')).toEqual([
      '2026-10-24T17:00:00.000Z',
      '2026-10-25T18:00:00.000Z',
      '2026-10-28T18:00:00.000Z',
    ]);
  });
});
