import { describe, expect, it } from 'vitest';
import {
  formatStake,
  readSeaSlip,
  readSpeedSlip,
  readVnSlip,
  vnBetTypesOf,
  vnOddsOf,
  type VnSlip,
} from './lottery-bet-lines';

const vn = (overrides: Partial<VnSlip>): VnSlip => ({
  betType: 'bao_lo',
  numbersText: '',
  stations: ['TG'],
  unitStake: '1',
  ...overrides,
});

describe('VN stake total (the shared rules, as the server computes it)', () => {
  it.each([
    // shared/guide/vn-lottery.md worked examples
    [
      '2 South stations, 01 02 đầu đuôi at 1,000',
      'south',
      vn({ betType: 'dau_duoi', numbersText: '01 02', stations: ['TG', 'KG'], unitStake: '1000' }),
      '8000.00',
    ],
    [
      '2 South stations, 123 456 789 xỉu chủ at 1,500',
      'south',
      vn({ betType: 'xiu_chu', numbersText: '123 456 789', stations: ['TG', 'KG'], unitStake: '1500' }),
      '18000.00',
    ],
    [
      'North, 39 25 52 bao lô at 5,000',
      'north',
      vn({ numbersText: '39, 25, 52', stations: [], unitStake: '5000' }),
      '405000.00',
    ],
    [
      'North, 45 58 23 đá at 500',
      'north',
      vn({ betType: 'da', numbersText: '45 58 23', stations: [], unitStake: '500' }),
      '40500.00',
    ],
    [
      'North, 123 đảo bao lô at 1,000',
      'north',
      vn({ betType: 'dao_bao_lo', numbersText: '123', stations: [], unitStake: '1000' }),
      '138000.00',
    ],
    [
      'South, every two-digit number bao lô at 1 (a range)',
      'south',
      vn({ numbersText: '00/01 kéo 99' }),
      '1800.00',
    ],
    [
      'South, tài (50 numbers) đề at 0.50',
      'south',
      vn({ betType: 'de', numbersText: 'tài', unitStake: '0.50' }),
      '25.00',
    ],
  ] as const)('%s', (_name, region, slip, total) => {
    const reading = readVnSlip(region, slip);
    expect(reading.problems).toEqual({});
    expect(formatStake(reading.total)).toBe(total);
  });

  it('sends one line with the expanded numbers, the stations (not for North) and the stake as typed', () => {
    expect(readVnSlip('south', vn({ numbersText: '1 2', stations: ['TG', 'KG'] })).lines).toEqual([]);
    expect(
      readVnSlip('south', vn({ numbersText: '12 34', stations: ['TG', 'KG'], unitStake: ' 2.5 ' })).lines,
    ).toEqual([{ betType: 'bao_lo', numbers: ['12', '34'], stations: ['TG', 'KG'], unitStake: '2.5' }]);
    expect(readVnSlip('north', vn({ numbersText: '12', stations: [] })).lines).toEqual([
      { betType: 'bao_lo', numbers: ['12'], unitStake: '1' },
    ]);
  });

  it.each([
    ['nothing typed', 'south', vn({}), { numbers: 'numbers_required' }],
    ['unreadable text', 'south', vn({ numbersText: '12 ab' }), { numbers: 'numbers_unreadable' }],
    ['numbers of different lengths', 'south', vn({ numbersText: '12 345' }), { numbers: 'mixed_digits' }],
    ['a repeated number', 'south', vn({ numbersText: '12 12' }), { numbers: 'duplicate_number' }],
    ['a 4-digit đề', 'south', vn({ betType: 'de', numbersText: '1234' }), { numbers: 'number_format' }],
    [
      'xiên with one number',
      'north',
      vn({ betType: 'xien', numbersText: '12', stations: [] }),
      { numbers: 'number_count' },
    ],
    [
      'xiên in the South',
      'south',
      vn({ betType: 'xien', numbersText: '12 34' }),
      { numbers: 'type_not_offered' },
    ],
    [
      'no station in the South',
      'south',
      vn({ numbersText: '12', stations: [] }),
      { stations: 'stations_required' },
    ],
    [
      'đá on three stations',
      'south',
      vn({ betType: 'da', numbersText: '12 34', stations: ['TG', 'KG', 'DL'] }),
      { stations: 'station_count' },
    ],
    ['no stake', 'south', vn({ numbersText: '12', unitStake: ' ' }), { stake: 'stake_required' }],
    ['a stake of zero', 'south', vn({ numbersText: '12', unitStake: '0' }), { stake: 'stake_invalid' }],
    ['three decimals', 'south', vn({ numbersText: '12', unitStake: '1.005' }), { stake: 'stake_invalid' }],
  ] as const)('refuses %s, with nothing to send', (_name, region, slip, problems) => {
    const reading = readVnSlip(region, slip);
    expect(reading.problems).toEqual(problems);
    expect(reading.lines).toEqual([]);
    expect(reading.total).toBe(0n);
  });

  it('refuses more than 100 numbers (three-digit range)', () => {
    expect(readVnSlip('south', vn({ numbersText: '000/001 keo 150' })).problems).toEqual({
      numbers: 'too_many_numbers',
    });
  });

  it('shows the odds of what is typed and offers only the server’s bet types', () => {
    expect(vnOddsOf('south', vn({ numbersText: '123' }))).toBe(650);
    expect(vnOddsOf('south', vn({ betType: 'da', numbersText: '12 34', stations: ['TG', 'KG'] }))).toBe(550);
    expect(vnOddsOf('south', vn({ numbersText: '' }))).toBeNull();
    const offered = [{ code: 'de' }, { code: 'bao_lo' }, { code: 'mystery' }].map((type) => ({
      ...type,
      digits: [2],
      odds: {},
      minNumbers: 1,
      maxNumbers: 100,
    }));
    expect(vnBetTypesOf({ betTypes: offered })).toEqual(['bao_lo', 'de']);
  });
});

describe('SEA 4D slip', () => {
  it('makes a Big and a Small line (i-Box when boxed); the total is numbers × (Big + Small)', () => {
    const reading = readSeaSlip({ numbersText: '1234, 0088', big: '2', small: '1.50', isBox: true });
    expect(reading.problems).toEqual({});
    expect(reading.lines).toEqual([
      { betType: 'ibox_big', numbers: ['1234', '0088'], unitStake: '2' },
      { betType: 'ibox_small', numbers: ['1234', '0088'], unitStake: '1.50' },
    ]);
    expect(formatStake(reading.total)).toBe('7.00');
    expect(readSeaSlip({ numbersText: '1234', big: '', small: '3', isBox: false }).lines).toEqual([
      { betType: 'small', numbers: ['1234'], unitStake: '3' },
    ]);
  });

  it.each([
    [{ numbersText: '123', big: '1', small: '', isBox: false }, { numbers: 'numbers_unreadable' }],
    [{ numbersText: '1234 1234', big: '1', small: '', isBox: false }, { numbers: 'duplicate_number' }],
    [{ numbersText: '1234', big: '', small: '', isBox: false }, { stake: 'sea_stake_required' }],
    [
      { numbersText: '', big: 'x', small: '', isBox: false },
      { numbers: 'numbers_required', stake: 'stake_invalid' },
    ],
  ] as const)('refuses %j', (slip, problems) => {
    expect(readSeaSlip(slip).problems).toEqual(problems);
  });
});

describe('speed slip', () => {
  it('stakes one unit per pick', () => {
    const reading = readSpeedSlip({
      betType: 'sum',
      picks: ['BIG', 'ODD'],
      straightText: '',
      unitStake: '5',
    });
    expect(reading.lines).toEqual([{ betType: 'sum', numbers: ['BIG', 'ODD'], unitStake: '5' }]);
    expect(formatStake(reading.total)).toBe('10.00');
    const straight = readSpeedSlip({
      betType: 'straight',
      picks: [],
      straightText: '123 907',
      unitStake: '1',
    });
    expect(straight.lines[0]?.numbers).toEqual(['123', '907']);
  });

  it('needs a pick and three-digit straight numbers', () => {
    expect(
      readSpeedSlip({ betType: 'position', picks: [], straightText: '', unitStake: '1' }).problems,
    ).toEqual({
      numbers: 'numbers_required',
    });
    expect(
      readSpeedSlip({ betType: 'straight', picks: [], straightText: '12', unitStake: '1' }).problems,
    ).toEqual({
      numbers: 'numbers_unreadable',
    });
  });
});
