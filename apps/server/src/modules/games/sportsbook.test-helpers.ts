import type { PlaceSlipAnswer, SlipView } from '@wps/sportsbook/http/api-types';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { games, gameVendors } from './games.tables';

/**
 * Playing the sportsbook (apps/sportsbook) against a test platform as a player does: launched through
 * /wps/game/launchGame, then its page's API with the page session. `book()` answers the running book's addresses
 * (it changes when a test restarts the book).
 */

export type FixtureList = {
  fixtures: Array<{
    id: string;
    sport: string;
    status: string;
    markets: Array<{
      id: string;
      kind: string;
      status: string;
      selections: Array<{ key: string; odds: number }>;
    }>;
  }>;
};

export const sportsbookTestKit = (testApp: TestApp, book: () => { url: string; launchUrl: string }) => {
  const kit = walletTestKit(testApp);
  let memberCount = 0;

  const playerWithMoney = async (
    prefix = 'sbplayer',
  ): Promise<{ member: MemberRow; authorization: string }> => {
    memberCount += 1;
    const created = await kit.addMember(`${prefix}${memberCount}`);
    await kit.fund(created, 10_000n);
    return loginAsMember(testApp, created.username);
  };

  /** Launches the vendor's first sports game as the site does, opens it, and answers the page's session. */
  const openBook = async (authorization: string, vendorCode = 'BTI'): Promise<string> => {
    const [game] = await testApp.database.db
      .select({ id: games.id })
      .from(games)
      .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
      .where(and(eq(gameVendors.code, vendorCode), eq(games.gameType, 'SPORTS')))
      .orderBy(asc(games.id))
      .limit(1);
    if (!game) throw new Error(`no ${vendorCode} game`);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { authorization },
      payload: { nodeId: Number(game.id), language: 'EN', demo: false },
    });
    const { url } = response.json<{ value: { url: string } }>().value;
    expect(url.startsWith(`${book().launchUrl}?`)).toBe(true);
    const page = await fetch(url);
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:; font-src 'self'");
    const session = /<meta name="sportsbook-session" content="([^"]+)">/.exec(html)?.[1];
    if (!session) throw new Error('no session in the page');
    return session;
  };

  const api = async <T>(session: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${book().url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${session}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as T;
  };

  /** A single on one selection, at the price given and no other. */
  const placeSingle = (
    session: string,
    marketId: string,
    selection: string,
    odds: number,
    stakePerLine: string,
  ) =>
    api<PlaceSlipAnswer>(session, 'POST', '/api/slips', {
      kind: 'single',
      legs: [{ marketId, selection, odds }],
      stakePerLine,
      acceptOdds: 'none',
    });

  /** Open winner markets of scheduled football fixtures, one per fixture. */
  const upcomingWinnerMarkets = async (session: string) => {
    const { fixtures } = await api<FixtureList>(
      session,
      'GET',
      '/api/fixtures?sport=football&status=upcoming',
    );
    return fixtures.flatMap((fixture) => {
      const market = fixture.markets.find(
        (candidate) => candidate.kind === 'match_result' && candidate.status === 'open',
      );
      return market ? [{ fixtureId: fixture.id, market }] : [];
    });
  };

  return { kit, playerWithMoney, openBook, api, placeSingle, upcomingWinnerMarkets };
};

export const placedSlip = (answer: PlaceSlipAnswer): SlipView => {
  if (!answer.isAccepted) throw new Error(`refused: ${answer.refusal} ${answer.message}`);
  return answer.slip;
};

/** Polls `check` until it holds (10 s, or `timeoutMs`). */
export const waitFor = async (
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
};
