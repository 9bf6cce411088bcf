import { failureEnvelopeSchema } from '@wps/contracts/envelope';
import {
  channelCodeSchema,
  createDepositRequestSchema,
  depositChannelsResponseSchema,
  depositListResponseSchema,
  depositResponseSchema,
  gatewayCallbackResponseSchema,
  gatewaySignatureHeader,
  idParamsSchema,
  pageQuerySchema,
} from '@wps/contracts/payments';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { ChannelService } from './channels.service';
import type { DepositService } from './deposits.service';

const tags = ['payments'];
/** Money answers may also be conflicts (idempotency, a notice that does not match its order). */
/** The site module's brand guard for callers that name the merchant elsewhere than the header. */
type BrandGuardNamedBy = (
  merchantOf: (request: FastifyRequest) => string | undefined,
) => preHandlerAsyncHookHandler;

const failures = { ...failureResponses, 409: failureEnvelopeSchema };

export type DepositRoutesOptions = {
  deposits: DepositService;
  channels: ChannelService;
  requireBrandNamedBy: BrandGuardNamedBy;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
  /** The site's public address when configured; else the address the player's request came to. */
  publicUrl: string | undefined;
};

/** Member deposits: channels, asking to deposit, and the member's own deposits. */
export const depositRoutes =
  ({
    deposits,
    channels,
    requireBrandNamedBy,
    requireMember,
    requireRealMember,
    publicUrl,
  }: DepositRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/member/deposit/channels',
      {
        preHandler: requireMember,
        schema: { tags, response: { 200: depositChannelsResponseSchema, ...failures } },
      },
      async (request) => {
        const { brand } = request;
        return ok({ list: await channels.listForMember(brand) });
      },
    );

    app.post(
      '/member/deposits',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: createDepositRequestSchema,
          response: { 200: depositResponseSchema, ...failures },
        },
      },
      async (request) => {
        const { member, brand } = request;
        // Where the gateway sends the player back: the same site (origin) they are using now.
        const returnBaseUrl = publicUrl ?? `${request.protocol}://${request.host}`;
        return ok(await deposits.create(member, brand, request.body, returnBaseUrl));
      },
    );

    app.get(
      '/member/deposits',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: pageQuerySchema,
          response: { 200: depositListResponseSchema, ...failures },
        },
      },
      async (request) => ok(await deposits.listOwn(request.member.id, request.query)),
    );

    app.get(
      '/member/deposits/:id',
      {
        preHandler: requireMember,
        schema: { tags, params: idParamsSchema, response: { 200: depositResponseSchema, ...failures } },
      },
      async (request) => ok(await deposits.getOwn(request.member.id, BigInt(request.params.id))),
    );

    await app.register(gatewayNoticeRoutes(deposits, requireBrandNamedBy));
  };

/**
 * The gateway's signed notice (public: the signature is the authentication). Its own plugin, so that only
 * here JSON stays raw bytes: the signature is over the body exactly as sent, and parsing first and
 * re-serialising could change what is checked.
 */
// The notify URL names the brand, since the gateway calls the platform's address, not the brand's.
const noticeQuerySchema = z.strictObject({
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});

const gatewayNoticeRoutes =
  (deposits: DepositService, requireBrandNamedBy: BrandGuardNamedBy): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/payments/gateway/:channelCode/callback',
      {
        schema: {
          tags,
          params: z.strictObject({ channelCode: channelCodeSchema }),
          querystring: noticeQuerySchema,
          response: { 200: gatewayCallbackResponseSchema, ...failures },
        },
        preHandler: requireBrandNamedBy((request) => noticeQuerySchema.parse(request.query).merchant),
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
        const status = await deposits.handleGatewayNotice(
          request.brand.id,
          request.params.channelCode,
          request.body,
          request.headers[gatewaySignatureHeader],
        );
        return ok({ status });
      },
    );
  };
