import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import { createSessionToken } from './lib/session-token';
import { createRollupService } from './modules/agents/rollups.service';
import { insertSession, revokeSession } from './modules/auth/auth.repository';
import { gameVendors, games } from './modules/games/games.tables';
import { createLotteryService } from './modules/house-games/lottery.service';
import { demoAgent, demoPlayer, demoSubAgent, demoSubPlayer } from './modules/members/members.seed';
import { findMemberByUsername } from './modules/members/members.repository';
import { findBrandByMerchantCode } from './modules/site/site.repository';
import { seedWalletDemo } from './modules/wallet/wallet.seed';

/** The sub-agent's player's spins. */
const subPlayerSpins = ['20.00', '20.00', '10.00', '50.00', '20.00'];

/** What the demo agent gives the sub-agent at registration; the sub-agent changes it at once. */
const temporaryPassword = 'Welcome-Sub-2025';

/** The demo player's slot spins (fixed request ids: a restart answers the stored spins and moves no money). */
const slotSpins = ['1.00', '2.00', '1.00', '5.00', '1.00', '2.00'];

/** A fixed request id per showcase spin (a UUID, as the API wants), the same on every start. */
const showcaseRequestId = (index: number): string =>
  `5eed5eed-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

type Envelope = { success: boolean; code?: string; message?: string; value?: unknown };

/**
 * What makes every agent and member page show something on the first start: the demo agent registers a
 * sub-agent and offers it a daily, an hourly and a real-time salary contract, which it accepts; the sub-agent
 * registers a player who plays; the demo player spins the house slot. All through the platform's own API
 * (app.inject), so every cent goes through the ledger, the contracts through their rules and the rounds
 * through the slot's fair draw; the settlement job then pays the sub-agent's hourly salary when the hour
 * closes. Idempotent: each step looks for what it would create first, and the spins carry fixed request
 * ids. Then the roll-ups are folded, so the agent centre's reports show the bets at once.
 *
 * Run by `npm start` (startPlatform) after the app is built, not by the test apps (it costs a second or two).
 */
type Authorization = { authorization: string };

/**
 * Short sessions for the showcase's demo members (revoked by `close`), and calls of the platform's API as
 * them that throw on a refusal.
 */
const showcaseSessions = (app: FastifyInstance, db: Database, brandId: bigint) => {
  const sessions: string[] = [];
  return {
    signIn: async (username: string): Promise<Authorization | undefined> => {
      const member = await findMemberByUsername(db, brandId, username);
      if (!member) return undefined;
      const { token, tokenHash } = createSessionToken();
      await insertSession(db, {
        tokenHash,
        memberId: member.id,
        loginMethod: 'password',
        ip: '127.0.0.1',
        expiresAt: new Date(Date.now() + 300_000),
      });
      sessions.push(tokenHash);
      return { authorization: `Bearer ${token}` };
    },
    call: async (
      who: Authorization,
      method: 'GET' | 'POST',
      url: string,
      payload?: object,
    ): Promise<Envelope> => {
      const response = await app.inject({ method, url, headers: who, ...(payload ? { payload } : {}) });
      const body = response.json<Envelope>();
      if (!body.success) {
        throw new Error(
          `showcase: ${method} ${url} answered ${body.code ?? response.statusCode}: ${body.message ?? ''}`,
        );
      }
      return body;
    },
    close: async () => {
      for (const tokenHash of sessions.splice(0)) await revokeSession(db, tokenHash);
    },
  };
};

export const seedShowcase = async (app: FastifyInstance, db: Database): Promise<void> => {
  const brand = await findBrandByMerchantCode(db, 'DEMO');
  if (!brand) return;
  const { signIn, call, close } = showcaseSessions(app, db, brand.id);

  try {
    const agent = await signIn(demoAgent.username);
    const player = await signIn(demoPlayer.username);
    if (!agent || !player) return;

    /** A member an agent registers (as the agent centre does), who then changes the password it was given. */
    const registered = async (
      upline: { authorization: string },
      { username, password }: { username: string; password: string },
      isAgent: boolean,
    ): Promise<{ authorization: string } | undefined> => {
      if (!(await findMemberByUsername(db, brand.id, username))) {
        await call(upline, 'POST', '/wps/agent/members', { username, password: temporaryPassword, isAgent });
      }
      const session = await signIn(username);
      if (session && (await findMemberByUsername(db, brand.id, username))?.mustChangePassword) {
        await call(session, 'POST', '/wps/member/password', {
          oldPassword: temporaryPassword,
          newPassword: password,
          confirmNewPassword: password,
        });
      }
      return session;
    };

    const subAgent = await registered(agent, demoSubAgent, true);
    if (!subAgent) return;

    // A daily, an hourly and a real-time salary contract, offered by the demo agent, accepted by the sub-agent.
    const contracts = [
      { path: '/wps/relay/MCS2_processDailySalContract', rates: [50, 100] },
      { path: '/wps/relay/MCS2_processContractHourSalary', rates: [100] },
      { path: '/wps/relay/MCSFE_processRealTimeSalaryContract', rates: [200] },
    ];
    for (const { path, rates } of contracts) {
      const overview = (await call(agent, 'GET', path)).value as { asUpline: { status: string }[] };
      if (overview.asUpline.some((contract) => contract.status === 'ACTIVE')) continue;
      const offer = await call(agent, 'POST', path, {
        action: 'OFFER',
        downline: demoSubAgent.username,
        tiers: rates.map((rate, index) => ({
          minFigure: `${index * 1000}.00`,
          minActiveMembers: 0,
          rateBasisPoints: rate,
        })),
      });
      const { contract } = offer.value as { contract: { id: string } };
      await call(subAgent, 'POST', path, { action: 'ACCEPT', contractId: contract.id });
    }

    // The demo player's lottery tickets: a southern Vietnamese draw and a speed lottery (drawn within
    // minutes, so a settled ticket shows soon). The draws are scheduled by the lottery job's own code first,
    // as its first tick would. Once: a later start finds the tickets.
    const lotteryBets = (await call(player, 'GET', '/wps/lottery/bets')).value as { total: number };
    if (lotteryBets.total === 0) {
      const { config } = app.platform;
      await createLotteryService({
        db,
        site: app.site.site,
        ledger: app.wallet.ledger,
        wallet: app.wallet.wallet,
        turnover: app.turnover.turnover,
        bonuses: app.promotions.bonuses,
        schedule: {
          speedDrawSeconds: config.LOTTERY_SPEED_DRAW_SECONDS,
          vnDrawEverySeconds: config.LOTTERY_VN_DRAW_EVERY_SECONDS,
          seaDrawEverySeconds: config.LOTTERY_SEA_DRAW_EVERY_SECONDS,
          cutoffSeconds: config.LOTTERY_CUTOFF_SECONDS,
        },
        log: app.log,
      }).scheduleDraws();
      const tickets = [
        {
          gameCode: 'TCG_LOTTO_VN-O0003',
          bets: (stations: string[]) => [
            { betType: 'bao_lo', numbers: ['23', '68'], stations: stations.slice(0, 1), unitStake: '1.00' },
          ],
        },
        {
          gameCode: 'LOTT-O0001',
          bets: () => [{ betType: 'sum', numbers: ['BIG'], unitStake: '5.00' }],
        },
      ];
      for (const { gameCode, bets } of tickets) {
        const game = (await call(player, 'GET', `/wps/lottery/games/${gameCode}`)).value as {
          currentDraw: { publicId: string; stations: { code: string }[] } | null;
        };
        if (!game.currentDraw) continue;
        await call(player, 'POST', '/wps/lottery/bets', {
          gameCode,
          drawId: game.currentDraw.publicId,
          requestId: randomUUID(),
          bets: bets(game.currentDraw.stations.map((station) => station.code)),
        });
      }
    }

    // The demo player's bet history: house slot spins.
    for (const [index, bet] of slotSpins.entries()) {
      await call(player, 'POST', '/wps/house/slot/spins', { requestId: showcaseRequestId(index), bet });
    }

    // The sub-agent's player, with the demo members' opening balance (a ledger posting from the promotion
    // account, once), plays after the contracts began: the settlement job pays the sub-agent's hourly salary
    // on it when the hour closes (and the daily one at the brand's midnight).
    const subPlayer = await registered(subAgent, demoSubPlayer, false);
    const subPlayerRow = await findMemberByUsername(db, brand.id, demoSubPlayer.username);
    if (!subPlayer || !subPlayerRow) return;
    await seedWalletDemo(db, { id: brand.id, currency: brand.currency }, [subPlayerRow]);
    for (const [index, bet] of subPlayerSpins.entries()) {
      await call(subPlayer, 'POST', '/wps/house/slot/spins', {
        requestId: showcaseRequestId(100 + index),
        bet,
      });
    }
  } finally {
    await close();
  }
  await createRollupService({ db }).fold();
};

/** The demo vendor's slot stakes the demo player plays (whole units, as the vendor's page sends them). */
const vendorStakes = [1, 2, 1, 5];

/**
 * The demo player's vendor rounds: launched as the site launches a game, opened at the demo vendor (its own
 * process, `vendorUrl`) and spun there, so the vendor's signed wallet calls move the money into game rounds
 * as in play. Run once the vendor listens; skipped when the player already has a round of that vendor.
 */
export const seedShowcaseVendorPlay = async (
  app: FastifyInstance,
  db: Database,
  vendorUrl: string,
): Promise<void> => {
  const brand = await findBrandByMerchantCode(db, 'DEMO');
  if (!brand) return;
  const [game] = await db
    .select({ id: games.id, vendorName: gameVendors.displayName })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(and(eq(gameVendors.code, 'PG'), eq(games.gameType, 'RNG')))
    .orderBy(asc(games.id))
    .limit(1);
  if (!game) return;
  const { signIn, call, close } = showcaseSessions(app, db, brand.id);
  try {
    const player = await signIn(demoPlayer.username);
    if (!player) return;
    const records = (await call(player, 'GET', '/wps/member/betting-records?pageSize=100')).value as {
      list: { vendorName: string }[];
    };
    if (records.list.some((round) => round.vendorName === game.vendorName)) return;
    const launched = await call(player, 'POST', '/wps/game/launchGame', {
      nodeId: Number(game.id),
      language: 'EN',
    });
    const { url } = launched.value as { url: string };
    const page = await (await fetch(url)).text();
    const config = /<script type="application\/json" id="slot-config">(.*?)<\/script>/s.exec(page)?.[1];
    if (!config) throw new Error('showcase: the demo vendor opened no game');
    const { session } = JSON.parse(config) as { session: string };
    for (const stake of vendorStakes) {
      await fetch(`${vendorUrl}/api/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, stake }),
      });
    }
  } finally {
    await close();
  }
  await createRollupService({ db }).fold();
};
