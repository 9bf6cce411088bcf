import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createChannelService } from './channels.service';
import { depositAdminRoutes } from './deposits-admin.routes';
import { hasCreditedDeposit } from './deposits.repository';
import { depositRoutes } from './deposits.routes';
import { createDepositService, type DepositService } from './deposits.service';
import { createGatewayClient, ownUrl } from './gateway-client';
import { createPaymentPasswordService } from './payment-password.service';
import { createPaymentSettingsService } from './payment-settings.service';
import { countPendingReviews, type PendingReviews } from './pending-reviews';
import { createPayoutAccountService } from './payout-accounts.service';
import { listReferencedProofUploads } from './proof-uploads.repository';
import { withdrawalAdminRoutes } from './withdrawals-admin.routes';
import { withdrawalRoutes } from './withdrawals.routes';
import { createWithdrawalService, type WithdrawalService } from './withdrawals.service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `pendingReviews`: the brand's deposits and withdrawals waiting for staff (the operator's dashboard);
     * `deposits` and `withdrawals`: the services the member's pages use (the console's member profile shows
     * the member's records through them).
     */
    payments: {
      pendingReviews: (brandId: bigint) => Promise<PendingReviews>;
      deposits: DepositService;
      withdrawals: WithdrawalService;
    };
  }
}

/** Deposit and withdrawal channels, requests and their approval. */
export const paymentsModule = defineModule(
  'payments',
  [
    'site',
    'members',
    'messages',
    'uploads',
    'turnover',
    'wallet',
    'auth',
    'backoffice',
    'promotions',
    'loyalty',
    'protection',
    'kyc',
  ],
  async (app) => {
    const { config, database, sandboxGatewayUrl } = app.platform;
    const { db } = database;
    const { requireBrand } = app.site;
    const { members } = app.members;
    const { messages } = app.messages;
    const { uploads } = app.uploads;
    const { turnover } = app.turnover;
    const { ledger, wallet, funds } = app.wallet;
    const { requireMember } = app.auth;
    const { bonuses, depositBonuses } = app.promotions;
    // Deposit bonuses (first deposit or reload) read whether a member has a credited deposit through this.
    depositBonuses.useDepositHistory((executor, memberId, exceptDepositId) =>
      hasCreditedDeposit(executor, memberId, exceptDepositId),
    );
    const settings = createPaymentSettingsService({ db, wallet });
    const withdrawals = createWithdrawalService({
      db,
      ledger,
      wallet,
      turnover,
      messages,
      members,
      uploads,
      settings,
      funds,
      bonuses,
      vipLimits: (executor, member) => app.loyalty.vip.withdrawalLimitsOf(executor, member),
      kyc: app.kyc.kyc,
      protection: app.protection.protection,
    });
    // A member who reaches a verification tier (a document approved) releases the withdrawals that waited for it.
    app.kyc.kyc.useTierReached((executor, event) => withdrawals.releaseForTier(executor, event));
    // Deposit slips and dispute proofs are kept by the upload purge while a request refers to them.
    uploads.registerReferences('payments', (candidates) => listReferencedProofUploads(db, candidates));
    const channels = createChannelService({ db, wallet });
    const deposits = createDepositService({
      db,
      ledger,
      wallet,
      turnover,
      messages,
      uploads,
      members,
      channels,
      depositBonuses,
      raffles: app.promotions.raffles,
      protection: app.protection.protection,
      gateway: createGatewayClient({ sandboxUrl: sandboxGatewayUrl, log: app.log }),
      // Gateways post their notices to the platform itself: its public address, else where it listens.
      callbackBaseUrl: () => config.PUBLIC_URL ?? ownUrl(app.server, config.HOST, config.PORT),
      log: app.log,
    });

    app.decorate('payments', {
      pendingReviews: (brandId: bigint) => countPendingReviews(db, brandId),
      deposits,
      withdrawals,
    });
    await app.register(
      withdrawalRoutes({
        withdrawals,
        payoutAccounts: createPayoutAccountService({ db, members }),
        paymentPassword: createPaymentPasswordService({ db, members }),
        requireMember,
        requireRealMember: app.auth.requireRealMember,
      }),
      { prefix: apiPrefix },
    );
    await app.register(
      depositRoutes({
        deposits,
        channels,
        requireBrandNamedBy: app.site.requireBrandNamedBy,
        requireMember,
        requireRealMember: app.auth.requireRealMember,
        publicUrl: config.PUBLIC_URL,
      }),
      {
        prefix: apiPrefix,
      },
    );
    await app.register(depositAdminRoutes({ deposits, channels, ...app.backoffice, requireBrand }), {
      prefix: operatorApiPrefix,
    });
    await app.register(withdrawalAdminRoutes({ withdrawals, settings, ...app.backoffice, requireBrand }), {
      prefix: operatorApiPrefix,
    });
  },
);
