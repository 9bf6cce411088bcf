import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';
import { createSessionToken } from './lib/session-token';
import { createRollupService } from './modules/agents/rollups.service';
import { insertSession, revokeSession } from './modules/auth/auth.repository';
import { demoAgent, demoPlayer } from './modules/members/members.seed';
import { findMemberByUsername } from './modules/members/members.repository';
import { findBrandByMerchantCode } from './modules/site/site.repository';

/** The demo agent's sub-agent, registered by the demo agent through the agent centre. */
export const demoSubAgent = { username: 'demosubagent', password: 'SubAgent2025' };

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
 * sub-agent and offers it a daily and an hourly salary contract, which it accepts; the demo player spins the
 * house slot. All through the platform's own API (app.inject), so every cent goes through the ledger, the
 * contracts through their rules and the rounds through the slot's fair draw. Idempotent: each step looks for
 * what it would create first, and the spins carry fixed request ids. Then the roll-ups are folded, so the
 * agent centre's reports show the bets at once.
 *
 * Run by `npm start` (startPlatform) after the app is built, not by the test apps (it costs seconds).
 */
export const seedShowcase = async (app: FastifyInstance, db: Database): Promise<void> => {
  const brand = await findBrandByMerchantCode(db, 'DEMO');
  if (!brand) return;
  const sessions: string[] = [];
  const signIn = async (username: string): Promise<{ authorization: string } | undefined> => {
    const member = await findMemberByUsername(db, brand.id, username);
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
  };
  const call = async (
    who: { authorization: string },
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
  };

  try {
    const agent = await signIn(demoAgent.username);
    const player = await signIn(demoPlayer.username);
    if (!agent || !player) return;

    // The sub-agent, registered as an agent registers one, then (as it must) changing the password it was given.
    if (!(await findMemberByUsername(db, brand.id, demoSubAgent.username))) {
      await call(agent, 'POST', '/wps/agent/members', {
        username: demoSubAgent.username,
        password: temporaryPassword,
        isAgent: true,
      });
    }
    const subAgent = await signIn(demoSubAgent.username);
    if (!subAgent) return;
    if ((await findMemberByUsername(db, brand.id, demoSubAgent.username))?.mustChangePassword) {
      await call(subAgent, 'POST', '/wps/member/password', {
        oldPassword: temporaryPassword,
        newPassword: demoSubAgent.password,
        confirmNewPassword: demoSubAgent.password,
      });
    }

    // A daily and an hourly salary contract, offered by the demo agent and accepted by the sub-agent.
    const contracts = [
      { path: '/wps/relay/MCS2_processDailySalContract', rates: [50, 100] },
      { path: '/wps/relay/MCS2_processContractHourSalary', rates: [30] },
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

    // The demo player's bet history: house slot spins.
    for (const [index, bet] of slotSpins.entries()) {
      await call(player, 'POST', '/wps/house/slot/spins', { requestId: showcaseRequestId(index), bet });
    }
  } finally {
    for (const tokenHash of sessions) await revokeSession(db, tokenHash);
  }
  await createRollupService({ db }).fold();
};
