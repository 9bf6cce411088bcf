import { describe, expect, it } from 'vitest';
import type { BrandRow } from './site.repository';
import { buildWhitelabelTree, decideSystemStatus } from './site.service';

const brand = (patch: Partial<BrandRow>): BrandRow => ({
  id: 1n,
  merchantCode: 'DEMO',
  siteName: 'Demo',
  status: 0,
  maintenanceEndsAt: null,
  blockedCountries: ['PH'],
  mainDomain: 'localhost',
  gtagId: null,
  imageCdns: [],
  launchGameCdns: [],
  currency: 'USD',
  currencySymbol: '$',
  timeZone: 'UTC',
  supportedLanguages: ['EN'],
  defaultLanguage: 'EN',
  minimumAge: 18,
  passwordMaxAgeDays: 90,
  requireEncryptedBodies: false,
  smsCodeTtlMinutes: 5,
  smsProvider: null,
  smtpSettings: null,
  feedbackMinWords: 5,
  feedbackMaxWords: 500,
  liveChatUrl: null,
  palette: null,
  fonts: { body: 'system', headings: 'system' },
  logoUploadId: null,
  themeColor: '#0d0f1a',
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...patch,
});

describe('decideSystemStatus', () => {
  it('is normal by default and for unknown countries', () => {
    expect(decideSystemStatus(brand({}), 'GB')).toBe(0);
    expect(decideSystemStatus(brand({}), null)).toBe(0);
  });
  it('is maintenance when the operator says so', () => {
    expect(decideSystemStatus(brand({ status: 1 }), 'GB')).toBe(1);
  });
  it('is maintenance until its end time, and normal once it has passed', () => {
    const endsAt = new Date('2030-01-02T03:00:00Z');
    const underMaintenance = brand({ status: 1, maintenanceEndsAt: endsAt });
    expect(decideSystemStatus(underMaintenance, 'GB', new Date('2030-01-02T02:59:59Z'))).toBe(1);
    expect(decideSystemStatus(underMaintenance, 'GB', endsAt)).toBe(0);
    expect(decideSystemStatus(underMaintenance, 'GB', new Date('2030-01-03T00:00:00Z'))).toBe(0);
  });
  it('puts region restriction before maintenance', () => {
    expect(decideSystemStatus(brand({ status: 1 }), 'PH')).toBe(2);
  });
});

describe('buildWhitelabelTree', () => {
  it('nests flags under their groups, in order', () => {
    expect(
      buildWhitelabelTree([
        { modId: 'LOGIN', parentModId: null, isEnabled: true },
        { modId: 'FREEPLAY3', parentModId: 'LOGIN', isEnabled: false },
      ]),
    ).toEqual([
      { modId: 'LOGIN', enabled: '1', children: [{ modId: 'FREEPLAY3', enabled: '0', children: [] }] },
    ]);
  });
});
