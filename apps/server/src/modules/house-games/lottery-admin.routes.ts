import type { StaffRole } from '@wps/contracts/backoffice';
import {
  adminDrawsQuerySchema,
  adminDrawsResponseSchema,
  enterResultRequestSchema,
  enterResultResponseSchema,
  lotteryAdminDrawParamsSchema,
  lotteryAdminGameParamsSchema,
  lotteryAdminParamsSchema,
  lotteryGameSettingsResponseSchema,
  lotteryGameSettingsSchema,
  numberLimitParamsSchema,
  numberLimitRequestSchema,
  numberLimitResponseSchema,
  numberLimitsResponseSchema,
} from '@wps/contracts/lottery';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { assertStaffRole } from '../backoffice/backoffice.service';
import type { LotteryService } from './lottery.service';

const tags = ['backoffice: lottery'];
/** Limits and results decide what the house risks and pays: admins only. Every staff member may look. */
const changeRoles: readonly StaffRole[] = ['admin'];

/** Operator endpoints of the lottery (under /wps/backoffice/lottery/:merchantCode); changes are audited. */
export const lotteryAdminRoutes =
  (lottery: LotteryService, requireStaff: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireStaff);

    const staffOf = (request: FastifyRequest, roles?: readonly StaffRole[]) => {
      const staff = request.staff;
      if (!staff) throw new AppError('UNAUTHORIZED');
      if (roles) assertStaffRole(staff, roles);
      return { type: 'staff' as const, id: staff.id, ip: request.ip };
    };

    app.get(
      '/lottery/:merchantCode/draws',
      {
        schema: {
          tags,
          params: lotteryAdminParamsSchema,
          querystring: adminDrawsQuerySchema,
          response: { 200: adminDrawsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        staffOf(request);
        return ok(await lottery.adminDraws(request.params.merchantCode, request.query));
      },
    );

    app.get(
      '/lottery/:merchantCode/games/:gameCode/settings',
      {
        schema: {
          tags,
          params: lotteryAdminGameParamsSchema,
          response: { 200: lotteryGameSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        staffOf(request);
        return ok(await lottery.getSettings(request.params.merchantCode, request.params.gameCode));
      },
    );

    app.put(
      '/lottery/:merchantCode/games/:gameCode/settings',
      {
        schema: {
          tags,
          description:
            'Result source (fair or operator; applies to draws still open) and the default number cap.',
          params: lotteryAdminGameParamsSchema,
          body: lotteryGameSettingsSchema,
          response: { 200: lotteryGameSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.putSettings(
            staffOf(request, changeRoles),
            request.params.merchantCode,
            request.params.gameCode,
            request.body,
          ),
        ),
    );

    app.get(
      '/lottery/:merchantCode/games/:gameCode/numbers',
      {
        schema: {
          tags,
          params: lotteryAdminGameParamsSchema,
          response: { 200: numberLimitsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        staffOf(request);
        return ok(await lottery.listLimits(request.params.merchantCode, request.params.gameCode));
      },
    );

    app.put(
      '/lottery/:merchantCode/games/:gameCode/numbers/:number',
      {
        schema: {
          tags,
          description: "A number's own cap on its potential payout per draw, or a block.",
          params: numberLimitParamsSchema,
          body: numberLimitRequestSchema,
          response: { 200: numberLimitResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.putLimit(
            staffOf(request, changeRoles),
            request.params.merchantCode,
            request.params.gameCode,
            request.params.number,
            request.body,
          ),
        ),
    );

    app.post(
      '/lottery/:merchantCode/draws/:drawId/result',
      {
        schema: {
          tags,
          description:
            'Enters the official result of a closed, due draw of an operator-sourced game (audited).',
          params: lotteryAdminDrawParamsSchema,
          body: enterResultRequestSchema,
          response: { 200: enterResultResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.enterResult(
            staffOf(request, changeRoles),
            request.params.merchantCode,
            request.params.drawId,
            request.body.result,
          ),
        ),
    );
  };
