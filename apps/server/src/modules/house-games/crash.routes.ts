import { eventStreams } from '../../http/event-streams';
import {
  crashCurrentBetResponseSchema,
  crashMyBetResponseSchema,
  crashStateResponseSchema,
  crashVerificationResponseSchema,
  placeCrashBetRequestSchema,
} from '@wps/contracts/crash';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { CrashService } from './crash.service';

const tags = ['house-games'];
/** A comment line every so often keeps proxies from closing an idle stream. */

/**
 * The crash game: the shared state (`GET /crash/state`, and `GET /crash/events` as a text/event-stream of
 * it, public, one `state` event per change), a member's bet and cash-out, and any ended round's proof.
 */
export const crashRoutes =
  ({
    crash,
    requireMember,
    requireRealMember,
  }: {
    crash: CrashService;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/crash/state',
      { schema: { tags, response: { 200: crashStateResponseSchema, ...failureResponses } } },
      async () => ok(await crash.state()),
    );

    const stream = eventStreams(app);
    const frameOf = (state: unknown) => `event: state\ndata: ${JSON.stringify(state)}\n\n`;
    app.get('/crash/events', { schema: { tags } }, async (request, reply) => {
      await stream(request, reply, async (write) => {
        const first = await crash.state();
        const unsubscribe = crash.subscribe((state) => {
          write(frameOf(state));
        });
        return { frame: frameOf(first), unsubscribe };
      });
    });

    app.get(
      '/crash/rounds/:roundId/verify',
      {
        schema: {
          tags,
          params: z.object({ roundId: z.string().max(32) }),
          response: { 200: crashVerificationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await crash.verify(request.params.roundId)),
    );

    app.get(
      '/crash/my-bet',
      {
        preHandler: requireMember,
        schema: { tags, response: { 200: crashCurrentBetResponseSchema, ...failureResponses } },
      },
      async (request) => {
        const { member } = request;
        return ok({ bet: await crash.currentBet(member) });
      },
    );

    app.post(
      '/crash/bets',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: placeCrashBetRequestSchema,
          response: { 200: crashMyBetResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await crash.placeBet(member, brand, request.body));
      },
    );

    app.post(
      '/crash/bets/:betId/cash-out',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: z.object({ betId: z.string().max(32) }),
          response: { 200: crashMyBetResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await crash.cashOut(member, request.params.betId));
      },
    );
  };
