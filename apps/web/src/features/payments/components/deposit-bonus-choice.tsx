import type { DepositOffer } from '@wps/contracts/deposit-bonuses';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format-amount';
import { useDepositOffers } from '../../promotions/api/get-deposit-offers';

type DepositBonusChoiceProps = {
  channelCode: string;
  currency: string;
  /** The chosen offer's promotion id; empty: no bonus. */
  value: string;
  onChange: (promotionId: string) => void;
};

/**
 * The deposit bonuses the member may take with a deposit through this channel, as a choice: no bonus unless
 * they pick one. Nothing shows when none is offered.
 */
export function DepositBonusChoice({ channelCode, currency, value, onChange }: DepositBonusChoiceProps) {
  const { t } = useTranslation();
  const offers = useDepositOffers(channelCode).data ?? [];
  if (offers.length === 0) return null;
  const termsOf = (offer: DepositOffer) =>
    t('payments.deposit.bonus.terms', {
      minDeposit: formatAmount(offer.minDeposit),
      currency,
      multiplier: offer.wagering.multiplier,
      base: t(`payments.deposit.bonus.base_${offer.wagering.base}`),
      days: offer.wagering.expiresInDays,
    });
  return (
    <fieldset className="payments-bonus" data-testid="deposit-bonus">
      <legend className="field__label">{t('payments.deposit.bonus.legend')}</legend>
      <label className="payments-bonus__option" data-testid="deposit-bonus-none">
        <input
          type="radio"
          name="deposit-bonus"
          value=""
          checked={value === ''}
          onChange={() => {
            onChange('');
          }}
        />
        <span>{t('payments.deposit.bonus.none')}</span>
      </label>
      {offers.map((offer) => (
        <label
          key={offer.promotionId}
          className="payments-bonus__option"
          data-testid={`deposit-bonus-${offer.promotionId}`}
        >
          <input
            type="radio"
            name="deposit-bonus"
            value={offer.promotionId}
            checked={value === offer.promotionId}
            onChange={() => {
              onChange(offer.promotionId);
            }}
          />
          <span className="payments-bonus__text">
            <span className="payments-bonus__title">
              <bdi dir="auto">{offer.title}</bdi> ·{' '}
              {t('payments.deposit.bonus.offer', {
                percent: offer.percent,
                cap: formatAmount(offer.cap),
                currency,
              })}
            </span>
            <span className="payments-hint">{termsOf(offer)}</span>
          </span>
        </label>
      ))}
      <p className="payments-hint">{t('payments.deposit.bonus.hint')}</p>
    </fieldset>
  );
}
