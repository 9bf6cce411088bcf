import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { readBalanceHidden, saveBalanceHidden } from '../../../lib/storage';
import { useBalance } from '../api/get-balance';
import { amountSign, formatAmount } from '../../../lib/format-amount';
import './header-balance.css';

/** Game pages take the whole screen and show no balance (spec section 2, Header). */
const gamePages = new Set(['seamless', 'lottert', 'lottery', 'vnlottery', 'sealottery']);

export const isGamePage = (pathname: string): boolean =>
  gamePages.has(pathname.split('/')[1]?.toLowerCase() ?? '');

/** The logged-in header's balance: 2 decimals, refreshable, hideable (remembered), absent on game pages. */
export function HeaderBalance() {
  const { pathname } = useLocation();
  const isShownHere = !isGamePage(pathname);
  const { t } = useTranslation();
  const [isHidden, setHidden] = useState(readBalanceHidden);
  const balance = useBalance({ enabled: isShownHere });
  if (!isShownHere) return null;

  const amount =
    balance.data === undefined
      ? null
      : `${balance.data.currencySymbol} ${formatAmount(balance.data.balance)}`;
  // Bonus money is shown apart, small, and only when there is some: it is not cash and cannot be withdrawn.
  const bonusBalance = balance.data?.bonusBalance;
  const bonus =
    bonusBalance !== undefined && amountSign(bonusBalance) === 'positive' ? formatAmount(bonusBalance) : null;
  return (
    <div className="header-balance" role="group" aria-label={t('wallet.balance.label')}>
      <span
        className="header-balance__amount"
        data-testid="header-balance"
        dir="ltr"
        aria-busy={balance.isFetching}
      >
        {isHidden ? (
          <>
            <span aria-hidden="true">****</span>
            <span className="visually-hidden">{t('wallet.balance.hidden')}</span>
          </>
        ) : (
          (amount ??
          (balance.isError ? (
            t('wallet.balance.unavailable')
          ) : (
            <>
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{t('common.loading')}</span>
            </>
          )))
        )}
      </span>
      {bonus !== null && !isHidden && (
        <span
          className="header-balance__bonus"
          data-testid="header-bonus-balance"
          dir="ltr"
          aria-label={t('wallet.balance.bonus_label', { amount: bonus })}
        >
          {t('wallet.balance.bonus', { amount: bonus })}
        </span>
      )}
      <button
        type="button"
        className="header-balance__button"
        data-testid="header-balance-refresh"
        aria-label={t('wallet.balance.refresh')}
        onClick={() => void balance.refetch({ cancelRefetch: false })}
      >
        <Icon name="refresh" size={16} className={balance.isFetching ? 'header-balance__spin' : undefined} />
      </button>
      <button
        type="button"
        className="header-balance__button"
        data-testid="header-balance-toggle"
        aria-label={t(isHidden ? 'wallet.balance.show' : 'wallet.balance.hide')}
        onClick={() => {
          saveBalanceHidden(!isHidden);
          setHidden(!isHidden);
        }}
      >
        <Icon name={isHidden ? 'eye-off' : 'eye'} size={16} />
      </button>
    </div>
  );
}
