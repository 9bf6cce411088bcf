import { formatMinorUnits } from '@wps/contracts/money';
import type { WalletBrand } from '../wallet-context';
import { findBrandMember, type WalletAdminServiceDependencies } from './wallet-admin-types';

/** How many of the newest account records the operator's view of a member shows. */
const memberViewRecords = 20;

/** A member's funds at a glance for the operator: balances, turnover still owed and the newest records. */
export const describeMemberWallet = async (
  deps: Pick<WalletAdminServiceDependencies, 'ledger' | 'members' | 'turnover' | 'funds' | 'records'>,
  brand: WalletBrand,
  username: string,
) => {
  const { ledger, turnover, funds, records } = deps;
  const member = await findBrandMember(deps, brand, username);
  const [memberFunds, remaining, latest, exponent] = await Promise.all([
    funds.consolidated(member, brand),
    turnover.remaining(member.id, brand.currency),
    records.latest(member, brand, memberViewRecords),
    ledger.getCurrencyExponent(brand.currency),
  ]);
  return {
    member: { id: member.id.toString(), account: member.username, realName: member.payeeName },
    funds: memberFunds,
    turnoverRemaining: formatMinorUnits(remaining, exponent),
    records: latest,
  };
};
