import {
  kycStatusResponseSchema,
  memberKycDocumentResponseSchema,
  submitKycDocumentRequestSchema,
} from '@wps/contracts/kyc';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { KycMemberContext, KycService } from './kyc.service';

const tags = ['kyc'];

/** The member centre's Verification section: the member's tier and documents, and handing one in. */
export const kycRoutes =
  ({
    kyc,
    requireMember,
    requireRealMember,
  }: {
    kyc: KycService;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    const memberContext = (request: FastifyRequest): KycMemberContext => ({
      member: request.member,
      brand: request.brand,
      ip: request.ip,
    });

    app.get(
      '/member/kyc',
      { schema: { tags, response: { 200: kycStatusResponseSchema, ...failureResponses } } },
      async (request) => ok(await kyc.status(memberContext(request))),
    );

    app.post(
      '/member/kyc/documents',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: submitKycDocumentRequestSchema,
          response: { 200: memberKycDocumentResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await kyc.submit(memberContext(request), request.body)),
    );
  };
