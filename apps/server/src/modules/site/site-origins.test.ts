import { describe, expect, it } from 'vitest';
import { brandSiteOrigin, domainOrigins, type OriginSources } from './site-origins';

const sources = (overrides: Partial<OriginSources>): OriginSources => ({
  brandHosts: ['localhost', '127.0.0.1', 'play.example.com', 'mirror.example.net'],
  publicUrl: null,
  requestOrigin: 'http://localhost:43123',
  ...overrides,
});
const domains = [
  { domainName: 'localhost' },
  { domainName: '127.0.0.1' },
  { domainName: 'play.example.com' },
  { domainName: 'mirror.example.net' },
];

describe('brandSiteOrigin', () => {
  it('keeps the scheme and port the visitor reached a brand domain at', () => {
    expect(brandSiteOrigin(sources({}))).toBe('http://localhost:43123');
    expect(brandSiteOrigin(sources({ requestOrigin: 'https://play.example.com' }))).toBe(
      'https://play.example.com',
    );
    // PUBLIC_URL does not override the brand domain the visitor is on.
    expect(
      brandSiteOrigin(
        sources({ requestOrigin: 'https://mirror.example.net:8443', publicUrl: 'https://x.test' }),
      ),
    ).toBe('https://mirror.example.net:8443');
  });

  it('answers PUBLIC_URL for a host that is no brand domain, and null without one', () => {
    const forged = 'https://attacker.example';
    expect(brandSiteOrigin(sources({ requestOrigin: forged, publicUrl: 'https://play.example.com/' }))).toBe(
      'https://play.example.com',
    );
    expect(brandSiteOrigin(sources({ requestOrigin: forged }))).toBeNull();
  });
});

describe('domainOrigins', () => {
  it('gives every domain the scheme and port of the site as it is served (a local demo on any port)', () => {
    expect(domainOrigins(domains, sources({})).map((domain) => domain.origin)).toEqual([
      'http://localhost:43123',
      'http://127.0.0.1:43123',
      'http://play.example.com:43123',
      'http://mirror.example.net:43123',
    ]);
  });

  it('reaches PUBLIC_URL’s domain at PUBLIC_URL, and the others alike behind a proxy', () => {
    const behindProxy = sources({
      requestOrigin: 'https://mirror.example.net',
      publicUrl: 'https://play.example.com:8443',
    });
    expect(domainOrigins(domains, behindProxy).map((domain) => domain.origin)).toEqual([
      'https://localhost',
      'https://127.0.0.1',
      'https://play.example.com:8443',
      'https://mirror.example.net',
    ]);
  });

  it('keeps a domain’s own port and leaves out a name that is no host', () => {
    expect(
      domainOrigins(
        [{ domainName: 'other.example:9000' }, { domainName: 'not a host/' }],
        sources({ requestOrigin: 'https://play.example.com' }),
      ),
    ).toEqual([{ domainName: 'other.example:9000', origin: 'https://other.example:9000' }]);
  });
});
