import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createFundsService, type FundsService } from './funds.service';
import { createLedgerService, type LedgerService } from './ledger.service';
import { createRecordsService, type RecordsService } from './records.service';
import { createTransferService } from './transfers.service';
import { walletAdminRoutes } from './wallet-admin.routes';
import { createWalletAdminService } from './wallet-admin.service';
import { walletRoutes } from './wallet.routes';
import { createWalletService, type WalletService } from './wallet.service';

/** A member's bonus balance in minor units, for the balance answer beside their cash. */
export type BonusBalanceSource = (
  member: { id: bigint; brandId: bigint },
  currency: string,
) => Promise<bigint>;

export type WalletModule = {
  /** The one ledger every money domain shares; never create a second one. */
  ledger: LedgerService;
  wallet: WalletService;
  funds: FundsService;
  records: RecordsService;
  /**
   * Bonus money is the promotions module's, registered after this one (it builds on the ledger), so it hands
   * over how to read a member's bonus balance at start; until then (and without promotions) it is 0.
   */
  provideBonusBalance: (source: BonusBalanceSource) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletModule;
  }
}

/** The ledger, balances, transfers and records; every movement of money in every domain goes through here. */
export const walletModule = defineModule(
  'wallet',
  ['site', 'members', 'messages', 'turnover', 'auth', 'backoffice'],
  async (app) => {
    const { database, push } = app.platform;
    const { db } = database;
    const { members } = app.members;
    const { messages } = app.messages;
    const { turnover } = app.turnover;
    const ledger = createLedgerService({ db });
    const wallet = createWalletService({ db, ledger, push });
    const funds = createFundsService({ db, ledger, wallet });
    const records = createRecordsService({ db, ledger, wallet });
    const transfers = createTransferService({ db, ledger, wallet, members, messages, turnover });
    const admin = createWalletAdminService({
      db,
      ledger,
      wallet,
      members,
      messages,
      turnover,
      funds,
      records,
    });
    let bonusBalanceSource: BonusBalanceSource = () => Promise.resolve(0n);
    const provideBonusBalance = (source: BonusBalanceSource): void => {
      bonusBalanceSource = source;
    };
    app.decorate('wallet', { ledger, wallet, funds, records, provideBonusBalance });

    const bonusBalance: BonusBalanceSource = (member, currency) => bonusBalanceSource(member, currency);
    await app.register(walletRoutes({ wallet, funds, transfers, records, bonusBalance }, app.auth), {
      prefix: apiPrefix,
    });
    await app.register(
      walletAdminRoutes({ funds, admin }, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
  },
);
