import { describe, expect, it } from 'vitest';
import {
  minorUnitsToProtocol,
  parseProtocolJson,
  ProtocolJsonError,
  protocolToMinorUnits,
  stringifyProtocolJson,
  vendorBetRequestSchema,
} from './vendor-wallet';

describe('protocol amounts', () => {
  it('converts exactly to minor units', () => {
    expect(protocolToMinorUnits(356_000n, 2)).toBe(356n);
    expect(protocolToMinorUnits(0n, 2)).toBe(0n);
    expect(protocolToMinorUnits(100_000n, 0)).toBe(1n);
    expect(protocolToMinorUnits(1n, 5)).toBe(1n);
    expect(protocolToMinorUnits(1n, 8)).toBe(1000n);
    expect(protocolToMinorUnits(9_223_372_036_854_775_000n, 2)).toBe(9_223_372_036_854_775n);
  });

  it('refuses amounts finer than the currency, negative or beyond int64', () => {
    expect(protocolToMinorUnits(356_001n, 2)).toBeNull();
    expect(protocolToMinorUnits(1_000n, 2)).toBe(1n);
    expect(protocolToMinorUnits(999n, 2)).toBeNull();
    expect(protocolToMinorUnits(50_000n, 0)).toBeNull();
    expect(protocolToMinorUnits(-100_000n, 2)).toBeNull();
    expect(protocolToMinorUnits(9_223_372_036_854_775_808n, 2)).toBeNull();
    expect(protocolToMinorUnits(9_223_372_036_854_775_807n, 8)).toBeNull();
  });

  it('converts minor units to protocol amounts', () => {
    expect(minorUnitsToProtocol(356n, 2)).toBe(356_000n);
    expect(minorUnitsToProtocol(7n, 0)).toBe(700_000n);
    expect(minorUnitsToProtocol(123_456n, 8)).toBe(123n);
    expect(() => minorUnitsToProtocol(-1n, 2)).toThrow(RangeError);
    expect(() => minorUnitsToProtocol(9_223_372_036_854_775_807n, 2)).toThrow(RangeError);
  });

  it('round-trips every amount a currency can express', () => {
    for (const exponent of [0, 2, 3, 5]) {
      for (const minor of [0n, 1n, 99n, 12_345n, 9_000_000_000_000n]) {
        expect(protocolToMinorUnits(minorUnitsToProtocol(minor, exponent), exponent)).toBe(minor);
      }
    }
  });
});

describe('exact JSON', () => {
  it('keeps int64 integers as bigints', () => {
    expect(parseProtocolJson('{"amount": 9223372036854775807, "x": [1, -2, 0]}')).toEqual({
      amount: 9_223_372_036_854_775_807n,
      x: [1n, -2n, 0n],
    });
  });

  it('reads the rest as JSON.parse does', () => {
    const samples = [
      '{"a":"b\\u00e9\\n\\"q\\"","c":true,"d":false,"e":null,"f":1.5,"g":-2e3,"h":{},"i":[]}',
      ' \t\n{ "nested" : { "deep" : [ "x" , { "y" : "z" } ] } } ',
      '"just a string"',
      '1.25',
    ];
    for (const sample of samples) {
      expect(parseProtocolJson(sample)).toEqual(JSON.parse(sample));
    }
  });

  it('refuses what is not exactly one JSON value', () => {
    for (const sample of [
      '',
      '{',
      '{"a":1,}',
      '{"a":1}x',
      '{a:1}',
      '[1,]',
      '01',
      '"unterminated',
      '"bad \\x escape"',
      '"control \u0001 char"',
      '{"a":1,"a":2}',
      '{"__proto__":{"polluted":true}}',
      'NaN',
      '-',
      `${'['.repeat(100)}${']'.repeat(100)}`,
    ]) {
      expect(() => parseProtocolJson(sample), sample).toThrow(ProtocolJsonError);
    }
  });

  it('writes bigints as integers and round-trips', () => {
    const value = {
      user: '42',
      balance: 9_223_372_036_854_775_807n,
      ok: true,
      skipped: undefined,
      list: [1n],
    };
    const written = stringifyProtocolJson(value);
    expect(written).toBe('{"user":"42","balance":9223372036854775807,"ok":true,"list":[1]}');
    expect(parseProtocolJson(written)).toEqual({
      user: '42',
      balance: 9_223_372_036_854_775_807n,
      ok: true,
      list: [1n],
    });
    expect(() => stringifyProtocolJson({ n: Number.NaN })).toThrow(ProtocolJsonError);
  });

  it('lets the request schemas read a parsed body', () => {
    const body = parseProtocolJson(
      '{"user":"1","request_uuid":"r","transaction_uuid":"t","token":"k","round":"x","round_closed":false,' +
        '"game_code":"g","currency":"PKR","amount":100000,"is_free":false,"bet":null}',
    );
    expect(vendorBetRequestSchema.parse(body).amount).toBe(100_000n);
    const asFloat = parseProtocolJson(
      '{"user":"1","request_uuid":"r","transaction_uuid":"t","token":"k","round":"x","round_closed":false,' +
        '"game_code":"g","currency":"PKR","amount":1000.5}',
    );
    expect(vendorBetRequestSchema.safeParse(asFloat).success).toBe(false);
  });
});
