import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@wps/contracts/auth';
import type { ConsolidatedFunds } from '@wps/contracts/wallet';
import { useId, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, TextField } from '../../../components/form-field';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { walletQueryKeys } from '../api/query-keys';
import { transferGameWallet, type GameWalletTransferBody } from '../api/transfer-game-wallet';
import { checkAmountInput } from '../amount-input';
import { translateWalletRule } from '../form-rules';
import { useRequestId } from '../../../lib/use-request-id';
import { useSiteForm } from '../../../lib/use-site-form';
import { MemberTransferForm } from './member-transfer-form';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import './wallet.css';

function FundsSummary({ funds }: { funds: ConsolidatedFunds }) {
  const { t } = useTranslation();
  const rows = [
    { label: t('wallet.funds.main_wallet'), amount: funds.mainWallet, testId: 'wallet-main' },
    {
      label: t('wallet.funds.pending_withdrawal'),
      amount: funds.pendingWithdrawal,
      testId: 'wallet-pending',
    },
    { label: t('wallet.funds.total'), amount: funds.total, testId: 'wallet-total' },
  ];
  return (
    <dl className="wallet-summary">
      {rows.map((row) => (
        <div key={row.testId} className="wallet-summary__item">
          <dt>{row.label}</dt>
          <dd>
            <Money amount={row.amount} symbol={funds.currencySymbol} testId={row.testId} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Direction = GameWalletTransferBody['direction'];

/** One vendor's game wallet with its own transfer-in / transfer-out form. */
function GameWalletCard({ vendor, balance, symbol }: { vendor: string; balance: string; symbol: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm({
    defaultValues: { amount: '' },
    translateRule: translateWalletRule,
    fieldOfCode: {
      INSUFFICIENT_FUNDS: 'amount',
      AMOUNT_BELOW_MINIMUM: 'amount',
      AMOUNT_ABOVE_MAXIMUM: 'amount',
    },
    isFormErrorClearedOnEdit: true,
  });
  const { amount } = values;
  const { requestIdFor, settle } = useRequestId();
  const transfer = useMutation({ mutationFn: transferGameWallet });

  const send = (direction: Direction) => {
    if (transfer.isPending) return;
    const amountProblem = checkAmountInput(amount);
    if (showRuleErrors(amountProblem === null ? {} : { amount: { key: amountProblem } })) return;
    const body = { vendor, direction, amount: amount.trim() };
    transfer.mutate(
      { ...body, requestId: requestIdFor(body) },
      {
        onSuccess: (funds) => {
          settle();
          form.reset();
          // The answer is the funds after the transfer; the balance and records are fetched again.
          queryClient.setQueryData(walletQueryKeys.funds, funds);
          void queryClient.invalidateQueries({ queryKey: walletQueryKeys.balance });
          void queryClient.invalidateQueries({ queryKey: walletQueryKeys.records });
          dialogs.toast(t('wallet.funds.transferred'));
        },
        onError: showApiError,
      },
    );
  };

  return (
    <li className="game-wallet" data-testid={`game-wallet-${vendor}`}>
      <form
        className="wallet-form"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event: SyntheticEvent<HTMLFormElement>) => {
          event.preventDefault();
          send('TO_GAME');
        }}
      >
        <div className="game-wallet__head">
          <h4 id={titleId} dir="auto">
            {vendor}
          </h4>
          <Money amount={balance} symbol={symbol} testId={`game-wallet-balance-${vendor}`} />
        </div>
        <fieldset className="wallet-form__fields" disabled={transfer.isPending}>
          <TextField
            label={t('wallet.common.amount')}
            {...field('amount')}
            inputMode="decimal"
            autoComplete="off"
            testId={`game-transfer-amount-${vendor}`}
          />
          <FormError message={formError} />
          <div className="game-wallet__actions">
            <button
              type="submit"
              className="button button--primary"
              data-testid={`game-transfer-in-${vendor}`}
            >
              {t('wallet.funds.transfer_in')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              data-testid={`game-transfer-out-${vendor}`}
              onClick={() => {
                send('TO_MAIN');
              }}
            >
              {t('wallet.funds.transfer_out')}
            </button>
          </div>
        </fieldset>
      </form>
    </li>
  );
}

function GameWallets({ funds, vendors }: { funds: ConsolidatedFunds; vendors: readonly string[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  // Every vendor the brand transfers to, with a zero balance until money went there.
  const balances = new Map(vendors.map((vendor) => [vendor, '0.00']));
  for (const wallet of funds.gameWallets) balances.set(wallet.vendor, wallet.balance);
  return (
    <section className="wallet-section" aria-labelledby={titleId} data-testid="game-wallets">
      <h3 id={titleId}>{t('wallet.funds.game_wallets')}</h3>
      <p className="muted">{t('wallet.funds.game_wallets_intro')}</p>
      <ul className="game-wallets">
        {[...balances].map(([vendor, balance]) => (
          <GameWalletCard key={vendor} vendor={vendor} balance={balance} symbol={funds.currencySymbol} />
        ))}
      </ul>
    </section>
  );
}

/** transferFund: where the member's money is, game-wallet transfers, and (agents) transfers to the downline. */
export function TransferFundPage({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const funds = useConsolidatedFunds();
  const merchantWallet = useMerchantWallet();
  return (
    <div className="wallet-page" data-testid="wallet-page">
      {funds.data === undefined ? (
        <QueryState error={funds.error} onRetry={() => void funds.refetch()} />
      ) : (
        <>
          <FundsSummary funds={funds.data} />
          {merchantWallet.data?.isSingle === false ? (
            <GameWallets funds={funds.data} vendors={merchantWallet.data.vendors} />
          ) : (
            merchantWallet.data?.isSingle === true && (
              <p className="muted" data-testid="single-wallet-note">
                {t('wallet.funds.single_wallet')}
              </p>
            )
          )}
        </>
      )}
      {member.isAgent && <MemberTransferForm kind="downline" />}
    </div>
  );
}
