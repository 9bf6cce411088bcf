import {
  approveKycDocumentRequestSchema,
  kycDocumentParamsSchema,
  kycDocumentQuerySchema,
  kycSettingsBodySchema,
  kycSettingsResponseSchema,
  rejectKycDocumentRequestSchema,
  staffKycDocumentListResponseSchema,
  staffKycDocumentResponseSchema,
} from '@wps/contracts/kyc';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, namedStaffActorOf, staffActorOf } from '../backoffice/backoffice.guard';
import type { KycService } from './kyc.service';

const tags = ['backoffice: kyc'];
const review = { permission: 'kyc.review' } as const;

/**
 * The console's identity review under /wps/backoffice/kyc, in the brand the request names: the documents (the
 * queue or all), a document's image, staff's decision (approve, or reject with a reason; audited), and the
 * brand's rule for withdrawals that wait for verification. All need kyc.review.
 */
export const kycAdminRoutes =
  (
    kyc: KycService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/kyc/documents',
      {
        config: review,
        schema: {
          tags,
          querystring: kycDocumentQuerySchema,
          response: { 200: staffKycDocumentListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await kyc.listForStaff(request.brand, request.query)),
    );

    app.get(
      '/kyc/documents/:id/image',
      { config: review, schema: { tags, params: kycDocumentParamsSchema } },
      async (request, reply) => {
        const { row, data } = await kyc.documentImage(request.brand, BigInt(request.params.id));
        return reply
          .header('content-type', row.contentType)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline')
          .send(data);
      },
    );

    app.post(
      '/kyc/documents/:id/approve',
      {
        config: review,
        schema: {
          tags,
          params: kycDocumentParamsSchema,
          body: approveKycDocumentRequestSchema,
          response: { 200: staffKycDocumentResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await kyc.decide(namedStaffActorOf(request), request.brand, BigInt(request.params.id), {
            outcome: 'approve',
            note: request.body.note,
          }),
        ),
    );

    app.post(
      '/kyc/documents/:id/reject',
      {
        config: review,
        schema: {
          tags,
          params: kycDocumentParamsSchema,
          body: rejectKycDocumentRequestSchema,
          response: { 200: staffKycDocumentResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await kyc.decide(namedStaffActorOf(request), request.brand, BigInt(request.params.id), {
            outcome: 'reject',
            reason: request.body.reason,
          }),
        ),
    );

    app.get(
      '/kyc/settings',
      { config: review, schema: { tags, response: { 200: kycSettingsResponseSchema, ...failureResponses } } },
      async (request) => ok(await kyc.settings(request.brand)),
    );

    app.put(
      '/kyc/settings',
      {
        config: review,
        schema: {
          tags,
          body: kycSettingsBodySchema,
          response: { 200: kycSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await kyc.updateSettings(staffActorOf(request), request.brand, request.body)),
    );
  };
