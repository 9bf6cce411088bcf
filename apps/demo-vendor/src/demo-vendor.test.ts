import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemoVendor, startDemoVendor } from './demo-vendor';
import { type FakePlatform, startFakePlatform, vendorPrivateKeyPem } from './fake-platform.test-helpers';
import type { RandomSource } from './slot';

let platform: FakePlatform;
let vendor: RunningDemoVendor;
/** Stops for the next spins (reels in order); random draws when empty. */
const nextStops: number[] = [];
const random: RandomSource = (max) => nextStops.shift() ?? Math.floor(max / 2);
/** Middle row cherry × 3 (pays 1× the bet); stops 0, 1, 2 show no line at all. */
const cherryLine = [3, 3, 3];
const noWin = [0, 1, 2];

beforeAll(async () => {
  platform = await startFakePlatform();
  vendor = await startDemoVendor({
    platformUrl: platform.url,
    privateKeyPem: vendorPrivateKeyPem,
    frameAncestors: ['http://localhost:8080'],
    random,
    retryDelaysMs: [1, 1],
    queueDelayMs: () => 5,
    attemptTimeoutMs: 2_000,
  });
});
afterAll(async () => {
  await vendor.close();
  await platform.close();
});
afterEach(async () => {
  await vendor.whenRetriesSettled();
  platform.calls.length = 0;
  nextStops.length = 0;
});

let tokenCounter = 0;
const freshToken = () => `launch-token-${String((tokenCounter += 1)).padStart(6, '0')}-abcdefghijk`;

const playUrl = (query: Record<string, string>) =>
  `${vendor.launchUrl}?${new URLSearchParams({ game: 'PG-R0001', vendor: 'PG', currency: 'USD', lang: 'en', ...query }).toString()}`;

const sessionOf = (html: string): string => {
  const match = /<script type="application\/json" id="slot-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no slot config in the page');
  return (JSON.parse(match[1]) as { session: string }).session;
};

const openReal = async () => {
  const response = await fetch(playUrl({ mode: 'real', token: freshToken(), user: '42' }));
  expect(response.status).toBe(200);
  return sessionOf(await response.text());
};

type SpinAnswer = {
  status: string;
  balance?: string;
  win?: string;
  stake?: string;
  winPending?: boolean;
  reason?: string;
  grid?: string[][];
  lines?: { line: number; symbol: string; win: string }[];
};

const spin = async (session: string, stake = 1, stops?: number[]) => {
  if (stops) nextStops.push(...stops);
  const response = await fetch(`${vendor.url}/api/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, stake }),
  });
  return { httpStatus: response.status, body: (await response.json()) as SpinAnswer };
};

describe('opening a game', () => {
  it('serves an accessible slot page that the platform may frame and that keeps its token to itself', async () => {
    const response = await fetch(playUrl({ mode: 'demo', lang: 'ur' }));
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors http://localhost:8080');
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<html lang="ur" dir="rtl">');
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/<label class="stake" for="stake">/);
    expect(html).toContain('<button class="spin" id="spin" type="button">گھمائیں</button>');
    expect(html).not.toMatch(/<script>(?!<)/);
    const script = await fetch(`${vendor.url}/assets/slot.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('/api/spin');
    expect((await fetch(`${vendor.url}/assets/other.js`)).status).toBe(404);
  });

  it('lets the platform site that launched the game frame it, whatever origin the player reached it at (issue 30, point 7)', async () => {
    const frameAncestorsOf = async (query: Record<string, string>) => {
      const response = await fetch(playUrl(query));
      return /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    };
    expect(await frameAncestorsOf({ mode: 'demo', origin: 'https://players.example:8443' })).toBe(
      'http://localhost:8080 https://players.example:8443',
    );
    expect(
      await frameAncestorsOf({
        mode: 'real',
        token: freshToken(),
        user: '42',
        origin: 'http://192.0.2.7:8080',
      }),
    ).toBe('http://localhost:8080 http://192.0.2.7:8080');
    // A page that cannot open is framed by the launching site too (it shows why, inside the game frame).
    expect(await frameAncestorsOf({ mode: 'real', origin: 'http://192.0.2.7:8080' })).toBe(
      'http://localhost:8080 http://192.0.2.7:8080',
    );
    // Anything but a plain http(s) origin is left out: nothing can be slipped into the policy.
    for (const origin of [
      "https://evil.example; script-src 'unsafe-inline'",
      'https://a,b.example',
      'javascript:alert(1)',
      '*',
    ]) {
      expect(await frameAncestorsOf({ mode: 'demo', origin })).toBe('http://localhost:8080');
    }
    expect(await frameAncestorsOf({ mode: 'demo', origin: 'http://localhost:8080' })).toBe(
      'http://localhost:8080',
    );
  });

  it('asks the wallet who the player is on a real-money open, and refuses the same token a second time', async () => {
    const token = freshToken();
    const first = await fetch(playUrl({ mode: 'real', token, user: '42' }));
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('1000.00 USD');
    const [info] = platform.callsOf('user/info');
    expect(info?.body).toMatchObject({ user: '42', token, game_code: 'PG-R0001' });
    expect(info?.isSignedByVendor).toBe(true);

    const second = await fetch(playUrl({ mode: 'real', token, user: '42' }));
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('already opened');
    expect(platform.callsOf('user/info')).toHaveLength(1);
  });

  it('does not open when the wallet refuses or does not answer, nor with a bad or incomplete link', async () => {
    platform.react('user/info', { status: 'RS_ERROR_USER_DISABLED' });
    const refused = await fetch(playUrl({ mode: 'real', token: freshToken(), user: '42' }));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('RS_ERROR_USER_DISABLED');

    platform.react('user/info', { httpStatus: 503 }, { httpStatus: 503 }, { httpStatus: 503 });
    expect((await fetch(playUrl({ mode: 'real', token: freshToken(), user: '42' }))).status).toBe(502);
    expect((await fetch(playUrl({ mode: 'real', user: '42' }))).status).toBe(400);
    expect((await fetch(playUrl({ mode: 'demo', game: '<script>' }))).status).toBe(400);
  });
});

describe('playing for demo money', () => {
  it('keeps pretend money in the vendor and never calls the wallet', async () => {
    const response = await fetch(playUrl({ mode: 'demo' }));
    const session = sessionOf(await response.text());
    const lost = await spin(session, 10, noWin);
    expect(lost.body).toMatchObject({
      status: 'ok',
      stake: '10.00',
      win: '0.00',
      balance: '990.00',
      lines: [],
    });
    const won = await spin(session, 10, cherryLine);
    expect(won.body).toMatchObject({ status: 'ok', win: '10.00', balance: '990.00' });
    expect(won.body.lines).toContainEqual({ line: 0, symbol: 'cherry', win: '10.00' });
    expect((await spin(session, 7)).httpStatus).toBe(400);
    expect((await spin('no-such-session')).httpStatus).toBe(404);
    expect(platform.calls).toHaveLength(0);
  });
});

describe('playing for real money', () => {
  it('sends a signed bet, then its win closing the round, with fresh uuids and amounts scaled by 100,000', async () => {
    const session = await openReal();
    const { body } = await spin(session, 5, cherryLine);
    expect(body).toMatchObject({ status: 'ok', stake: '5.00', win: '5.00', balance: '1000.00' });
    const [bet] = platform.callsOf('transaction/bet');
    const [win] = platform.callsOf('transaction/win');
    expect(bet?.isSignedByVendor).toBe(true);
    expect(win?.isSignedByVendor).toBe(true);
    expect(bet?.body).toMatchObject({ user: '42', amount: 500_000n, currency: 'USD', round_closed: false });
    expect(win?.body).toMatchObject({
      user: '42',
      amount: 500_000n,
      round: bet?.body.round,
      reference_transaction_uuid: bet?.body.transaction_uuid,
      round_closed: true,
    });
    expect(win?.body.transaction_uuid).not.toBe(bet?.body.transaction_uuid);
    expect(win?.body.request_uuid).not.toBe(bet?.body.request_uuid);

    const lost = await spin(session, 5, noWin);
    expect(lost.body).toMatchObject({ status: 'ok', win: '0.00', balance: '995.00' });
    expect(platform.callsOf('transaction/win')[1]?.body).toMatchObject({ amount: 0n, round_closed: true });
  });

  it('reports not enough money without a rollback', async () => {
    const session = await openReal();
    platform.react('transaction/bet', { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 20_000n });
    const { body } = await spin(session, 1);
    expect(body).toEqual({ status: 'not_enough_money', balance: '0.20', currency: 'USD' });
    await vendor.whenRetriesSettled();
    expect(platform.callsOf('transaction/rollback')).toHaveLength(0);
    expect(platform.callsOf('transaction/win')).toHaveLength(0);
  });

  it('rolls back a bet that got no final answer, retrying the rollback until the platform answers', async () => {
    const session = await openReal();
    platform.react('transaction/bet', { drop: true }, { httpStatus: 500 }, { status: 'RS_ERROR_UNKNOWN' });
    platform.react('transaction/rollback', { httpStatus: 503 }, { drop: true });
    const { body } = await spin(session, 2);
    expect(body.status).toBe('wallet_unavailable');
    await vendor.whenRetriesSettled();
    const bets = platform.callsOf('transaction/bet');
    expect(bets).toHaveLength(3);
    expect(new Set(bets.map((bet) => bet.raw)).size).toBe(1);
    const rollbacks = platform.callsOf('transaction/rollback');
    expect(rollbacks).toHaveLength(3);
    expect(new Set(rollbacks.map((rollback) => rollback.raw)).size).toBe(1);
    expect(rollbacks[0]?.body).toMatchObject({
      user: '42',
      reference_transaction_uuid: bets[0]?.body.transaction_uuid,
      round: bets[0]?.body.round,
    });
    expect(platform.callsOf('transaction/win')).toHaveLength(0);
  });

  it('rolls back a bet refused for a reason other than money', async () => {
    const session = await openReal();
    platform.react('transaction/bet', { status: 'RS_ERROR_TOKEN_EXPIRED' });
    const { body } = await spin(session, 1);
    expect(body).toMatchObject({ status: 'refused', reason: 'RS_ERROR_TOKEN_EXPIRED' });
    await vendor.whenRetriesSettled();
    expect(platform.callsOf('transaction/rollback')).toHaveLength(1);
  });

  it('keeps retrying a win beyond the player request, with the same uuid, until it is taken', async () => {
    const session = await openReal();
    const before = platform.state.balance;
    platform.react(
      'transaction/win',
      { httpStatus: 502 },
      { drop: true },
      { forged: true },
      { httpStatus: 504 },
      { unsigned: true },
    );
    const { body } = await spin(session, 1, cherryLine);
    expect(body).toMatchObject({ status: 'ok', win: '1.00', winPending: true });
    await vendor.whenRetriesSettled();
    const wins = platform.callsOf('transaction/win');
    expect(wins).toHaveLength(6);
    expect(new Set(wins.map((win) => win.raw)).size).toBe(1);
    expect(platform.state.balance).toBe(before);
    expect(vendor.pendingRetries()).toBe(0);
  });

  it('spins one round at a time per session', async () => {
    const session = await openReal();
    const [first, second] = await Promise.all([spin(session), spin(session)]);
    expect([first.httpStatus, second.httpStatus].sort()).toEqual([200, 409]);
  });
});
