import {
  auditFilterSchema,
  auditListResponseSchema,
  auditQuerySchema,
  auditVerifyResponseSchema,
} from '@wps/contracts/audit';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { AuditService } from './audit.service';

const tags = ['backoffice: audit'];

/** A CSV download, streamed as it is read, named for the day it was made. */
const sendCsv = (reply: FastifyReply, csv: Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="audit-events_${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .send(csv);

/** Operator endpoints of the audit trail (under /wps/backoffice): the list, its CSV export, the chain's check. */
export const auditRoutes =
  (
    audit: AuditService,
    { requireStaff, requirePermission }: Pick<StaffGuards, 'requireStaff' | 'requirePermission'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    // Reading the trail (the list, the export, the chain's check) is one permission.
    app.addHook('onRoute', requirePermission('audit.view'));

    app.get(
      '/audit',
      {
        schema: {
          tags,
          description: 'The audit trail, newest first, filtered by actor, action, entity and time.',
          querystring: auditQuerySchema,
          response: { 200: auditListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await audit.list(request.query)),
    );

    app.get(
      '/audit/export',
      {
        schema: {
          tags,
          description: 'Every audit event of the filter, newest first, as a CSV file (streamed).',
          querystring: auditFilterSchema,
          response: failureResponses,
        },
      },
      async (request, reply) => sendCsv(reply, audit.exportCsv(request.query)),
    );

    app.post(
      '/audit/verify',
      {
        schema: {
          tags,
          description:
            'Walks the hash chain of the whole trail and answers whether it holds, or its first broken row and why.',
          response: { 200: auditVerifyResponseSchema, ...failureResponses },
        },
      },
      async () => ok(await audit.verify()),
    );
  };
