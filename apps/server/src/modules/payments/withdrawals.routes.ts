import { successEnvelope } from '@wps/contracts/envelope';
import {
  confirmWithdrawalRequestSchema,
  createPayoutAccountRequestSchema,
  createWithdrawalRequestSchema,
  idParamsSchema,
  pageQuerySchema,
  payoutAccountListResponseSchema,
  payoutAccountResponseSchema,
  setPaymentPasswordRequestSchema,
  withdrawalListResponseSchema,
  withdrawalOverviewResponseSchema,
  withdrawalResponseSchema,
} from '@wps/contracts/payments';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { PaymentPasswordService } from './payment-password.service';
import type { PayoutAccountService } from './payout-accounts.service';
import type { MemberContext, WithdrawalService } from './withdrawals.service';

const tags = ['withdrawals'];
const acknowledgementSchema = successEnvelope(z.null());

export type WithdrawalRoutesDependencies = {
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccountService;
  paymentPassword: PaymentPasswordService;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
};

/** The player's side: payment password, payout accounts, withdrawal requests and their confirmation. */
export const withdrawalRoutes =
  ({
    withdrawals,
    payoutAccounts,
    paymentPassword,
    requireMember,
    requireRealMember,
  }: WithdrawalRoutesDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    const memberContext = (request: FastifyRequest): MemberContext => ({
      member: request.member,
      brand: request.brand,
      ip: request.ip,
    });

    app.put(
      '/member/payment-password',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: setPaymentPasswordRequestSchema,
          response: { 200: acknowledgementSchema, ...failureResponses },
        },
      },
      async (request) => {
        await paymentPassword.set(memberContext(request), request.body);
        return ok(null);
      },
    );

    app.get(
      '/member/payout-accounts',
      { schema: { tags, response: { 200: payoutAccountListResponseSchema, ...failureResponses } } },
      async (request) => ok(await payoutAccounts.list(memberContext(request).member)),
    );

    app.post(
      '/member/payout-accounts',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: createPayoutAccountRequestSchema,
          response: { 200: payoutAccountResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await payoutAccounts.create(memberContext(request), request.body)),
    );

    app.delete(
      '/member/payout-accounts/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: acknowledgementSchema, ...failureResponses },
        },
      },
      async (request) => {
        await payoutAccounts.remove(memberContext(request), BigInt(request.params.id));
        return ok(null);
      },
    );

    app.get(
      '/member/withdrawal/overview',
      { schema: { tags, response: { 200: withdrawalOverviewResponseSchema, ...failureResponses } } },
      async (request) => ok(await withdrawals.overview(memberContext(request))),
    );

    app.post(
      '/member/withdrawals',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: createWithdrawalRequestSchema,
          response: { 200: withdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await withdrawals.request(memberContext(request), request.body)),
    );

    app.get(
      '/member/withdrawals',
      {
        schema: {
          tags,
          querystring: pageQuerySchema,
          response: { 200: withdrawalListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await withdrawals.list(memberContext(request), request.query)),
    );

    app.get(
      '/member/withdrawals/:id',
      {
        schema: {
          tags,
          params: idParamsSchema,
          response: { 200: withdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await withdrawals.get(memberContext(request), BigInt(request.params.id))),
    );

    app.post(
      '/member/withdrawals/:id/confirmation',
      {
        schema: {
          tags,
          params: idParamsSchema,
          body: confirmWithdrawalRequestSchema,
          response: { 200: withdrawalResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await withdrawals.confirm(memberContext(request), BigInt(request.params.id), request.body)),
    );
  };
