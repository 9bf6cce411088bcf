import type { Readable } from 'node:stream';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  ggrFilterSchema,
  ggrQuerySchema,
  ggrReportResponseSchema,
  moneyFilterSchema,
  moneyQuerySchema,
  moneyReportResponseSchema,
  playerFilterSchema,
  playerQuerySchema,
  playerReportResponseSchema,
  reportOptionsQuerySchema,
  reportOptionsResponseSchema,
} from '@wps/contracts/reports';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { ReportsService } from './reports.service';

const tags = ['backoffice: reports'];

/** A CSV download named for the report and its period. */
const sendCsv = (reply: FastifyReply, name: string, csv: Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(csv);

const periodName = (query: { from?: string | undefined; to?: string | undefined }) =>
  [query.from, query.to].filter((day) => day !== undefined).join('_') || 'last-30-days';

/**
 * Operator endpoints of the dashboard and reports (under /wps/backoffice), for the brand the request names: all
 * one permission, read from the reports' roll-ups.
 */
export const reportsRoutes =
  ({
    reports,
    requireStaff,
    requirePermission,
    requireBrand,
  }: {
    reports: ReportsService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    app.addHook('onRoute', requirePermission('reports.view'));

    app.get(
      '/reports/dashboard',
      {
        schema: {
          tags,
          description:
            "Today's and the period's figures (deposits, withdrawals, GGR, NGR, players), a series per day and the queues waiting for staff.",
          querystring: dashboardQuerySchema,
          response: { 200: dashboardResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await reports.dashboard(request.brand, request.query)),
    );

    app.get(
      '/reports/options',
      {
        schema: {
          tags,
          description: "What the reports' filters offer: product lines, vendors, and a vendor's games.",
          querystring: reportOptionsQuerySchema,
          response: { 200: reportOptionsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await reports.options(request.brand, request.query.vendorId)),
    );

    app.get(
      '/reports/ggr',
      {
        schema: {
          tags,
          description:
            'GGR (and NGR by day) grouped by day, product line, vendor or game: filtered, sorted, paged.',
          querystring: ggrQuerySchema,
          response: { 200: ggrReportResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await reports.ggr(request.brand, request.query)),
    );

    app.get(
      '/reports/ggr/export',
      {
        schema: {
          tags,
          description: 'The GGR report of the filter, every row, as a CSV file.',
          querystring: ggrFilterSchema,
          response: failureResponses,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `ggr-by-${request.query.groupBy}_${periodName(request.query)}`,
          await reports.ggrCsv(request.brand, request.query),
        ),
    );

    app.get(
      '/reports/money',
      {
        schema: {
          tags,
          description:
            'Deposits, withdrawals or bonus cost by channel (or kind) or by day: filtered, sorted, paged.',
          querystring: moneyQuerySchema,
          response: { 200: moneyReportResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await reports.money(request.brand, request.query)),
    );

    app.get(
      '/reports/money/export',
      {
        schema: {
          tags,
          description: 'The money report of the filter, every row, as a CSV file.',
          querystring: moneyFilterSchema,
          response: failureResponses,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `${request.query.flow}-by-${request.query.groupBy}_${periodName(request.query)}`,
          await reports.moneyCsv(request.brand, request.query),
        ),
    );

    app.get(
      '/reports/players',
      {
        schema: {
          tags,
          description: 'Player activity per day (active, new, first-time depositors, deposits, withdrawals).',
          querystring: playerQuerySchema,
          response: { 200: playerReportResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await reports.players(request.brand, request.query)),
    );

    app.get(
      '/reports/players/export',
      {
        schema: {
          tags,
          description: 'The player activity of the period, every day, as a CSV file.',
          querystring: playerFilterSchema,
          response: failureResponses,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          `player-activity_${periodName(request.query)}`,
          await reports.playersCsv(request.brand, request.query),
        ),
    );
  };
