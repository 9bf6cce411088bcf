import { formatMinorUnits } from '@wps/contracts/money';
import type { ConsolidatedFunds } from '@wps/contracts/wallet';
import type { WalletOwner } from '../wallet.service';
import * as repository from '../wallet.repository';
import type { WalletBrand } from '../wallet-context';
import type { FundsServiceDependencies } from './funds-types';
import { activeVendors, readWalletSettings } from './wallet-settings';

/** Where a member's money is: the main wallet, held for withdrawals, and each active game wallet. */
export const consolidateFunds = async (
  deps: Pick<FundsServiceDependencies, 'db' | 'ledger'>,
  member: WalletOwner,
  brand: WalletBrand,
): Promise<ConsolidatedFunds> => {
  const [current, balances, exponent] = await Promise.all([
    readWalletSettings(deps, brand.id),
    repository.listMemberBalances(deps.db, member.id, brand.currency),
    deps.ledger.getCurrencyExponent(brand.currency),
  ]);
  const balanceOf = (kind: string, scope = ''): bigint =>
    balances.find((row) => row.kind === kind && row.scope === scope)?.balance ?? 0n;
  const main = balanceOf('member_cash');
  const games = activeVendors(current).map((vendor) => ({
    vendor,
    balance: balanceOf('game_wallet', vendor),
  }));
  const total = games.reduce((sum, game) => sum + game.balance, main);
  return {
    currency: brand.currency,
    currencySymbol: brand.currencySymbol,
    mainWallet: formatMinorUnits(main, exponent),
    pendingWithdrawal: formatMinorUnits(balanceOf('member_hold'), exponent),
    gameWallets: games.map((game) => ({
      vendor: game.vendor,
      balance: formatMinorUnits(game.balance, exponent),
    })),
    total: formatMinorUnits(total, exponent),
  };
};
