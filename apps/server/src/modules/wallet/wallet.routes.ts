import {
  balanceResponseSchema,
  consolidatedFundsResponseSchema,
  downlineTransferRequestSchema,
  merchantWalletResponseSchema,
  profitQuerySchema,
  profitReportResponseSchema,
  transactionRecordQuerySchema,
  transactionRecordsResponseSchema,
  transferResponseSchema,
  uplineResponseSchema,
  uplineTransferRequestSchema,
  walletTransferRequestSchema,
  walletTransferResponseSchema,
} from '@wps/contracts/wallet';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { FundsService } from './funds.service';
import type { CsvFile, RecordsService } from './records.service';
import type { TransferService } from './transfers.service';
import type { WalletService } from './wallet.service';

export type WalletRouteServices = {
  wallet: WalletService;
  funds: FundsService;
  transfers: TransferService;
  records: RecordsService;
  /** The member's bonus balance (the promotions module's), shown beside their cash. */
  bonusBalance: (member: { id: bigint; brandId: bigint }, currency: string) => Promise<bigint>;
};

const tags = ['wallet'];
const exportQuerySchema = transactionRecordQuerySchema.omit({ pageNo: true, pageSize: true });

/** A CSV download: the file name for the browser, and a header when the export was cut at its row limit. */
const sendCsv = (reply: FastifyReply, file: CsvFile) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('x-export-truncated', String(file.truncated))
    .send(file.csv);

/** The member's wallet endpoints; the services hold the rules, these only translate HTTP. */
export const walletRoutes =
  (
    { wallet, funds, transfers, records, bonusBalance }: WalletRouteServices,
    {
      requireMember,
      requireRealMember,
    }: Record<'requireMember' | 'requireRealMember', preHandlerAsyncHookHandler>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    app.get(
      '/v2/wallets/balance',
      { schema: { tags, response: { 200: balanceResponseSchema, ...failureResponses } } },
      async (request) => {
        const { member, brand } = request;
        const [balance, bonus] = await Promise.all([
          wallet.balance(member, brand.currency),
          bonusBalance(member, brand.currency),
        ]);
        return ok({
          balance: await wallet.formatAmount(balance, brand.currency),
          currency: brand.currency,
          currencySymbol: brand.currencySymbol,
          bonusBalance: await wallet.formatAmount(bonus, brand.currency),
        });
      },
    );

    app.get(
      '/member/info/funds/consolidated',
      { schema: { tags, response: { 200: consolidatedFundsResponseSchema, ...failureResponses } } },
      async (request) => {
        const { member, brand } = request;
        return ok(await funds.consolidated(member, brand));
      },
    );

    app.get(
      '/relay/GCS_merchantWallet',
      { schema: { tags, response: { 200: merchantWalletResponseSchema, ...failureResponses } } },
      async (request) => {
        const { brand } = request;
        return ok(await funds.merchantWallet(brand.id));
      },
    );

    app.post(
      '/relay/GCS_walletTransfer',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: walletTransferRequestSchema,
          response: { 200: walletTransferResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await funds.transfer(member, brand, request.body));
      },
    );

    app.get(
      '/member/transfers/upline',
      { schema: { tags, response: { 200: uplineResponseSchema, ...failureResponses } } },
      async (request) => {
        const { member } = request;
        return ok({ upline: await transfers.upline(member) });
      },
    );

    app.post(
      '/member/transfers/upline',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: uplineTransferRequestSchema,
          response: { 200: transferResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await transfers.toUpline(member, brand, request.body));
      },
    );

    app.post(
      '/member/transfers/downline',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: downlineTransferRequestSchema,
          response: { 200: transferResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await transfers.toDownline(member, brand, request.body));
      },
    );

    app.get(
      '/member/records/transactions',
      {
        schema: {
          tags,
          querystring: transactionRecordQuerySchema,
          response: { 200: transactionRecordsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await records.transactions(member, brand, request.query));
      },
    );

    app.get(
      '/member/records/transactions/export',
      { schema: { tags, querystring: exportQuerySchema, response: failureResponses } },
      async (request, reply) => {
        const { member, brand } = request;
        return sendCsv(reply, await records.exportTransactions(member, brand, request.query));
      },
    );

    app.get(
      '/member/records/profit',
      {
        schema: {
          tags,
          querystring: profitQuerySchema,
          response: { 200: profitReportResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await records.profit(member, brand, request.query));
      },
    );

    app.get(
      '/member/records/profit/export',
      { schema: { tags, querystring: profitQuerySchema, response: failureResponses } },
      async (request, reply) => {
        const { member, brand } = request;
        return sendCsv(reply, await records.exportProfit(member, brand, request.query));
      },
    );
  };
