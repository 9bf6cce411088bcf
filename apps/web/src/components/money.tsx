import { amountSign, formatAmount } from '../lib/format-amount';
import './money.css';

type MoneyProps = {
  amount: string;
  /** The currency symbol (or code) shown before the amount. */
  symbol?: string;
  /** Shows "+" for money in and colours money in and out. */
  signed?: boolean;
  testId?: string;
};

/** An amount with 2 decimals and thousands separators, kept left to right inside Urdu text. */
export function Money({ amount, symbol, signed = false, testId }: MoneyProps) {
  const className = signed ? `wallet-money wallet-money--${amountSign(amount)}` : 'wallet-money';
  return (
    <bdi className={className} dir="ltr" data-testid={testId}>
      {symbol ? `${symbol} ` : ''}
      {formatAmount(amount, { signed })}
    </bdi>
  );
}
