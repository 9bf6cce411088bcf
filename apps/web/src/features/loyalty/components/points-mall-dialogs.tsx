import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { translateApiError } from '../../../lib/translate-message';
import { useConvertPoints, useRedeemPointReward } from '../api/points-mutations';
import type { MallItem, PointConfig } from '../api/points-queries';

const paymentPasswordPattern = /^\d{6}$/;

/** One id per dialog: every submit of it (a double click, a retry after a network error) is the same request. */
const useRequestId = () => useState(() => crypto.randomUUID())[0];

type RedeemDialogProps = {
  item: MallItem;
  balance: bigint;
  language: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** Redeem: quantity, the address for a physical item, the payment password. */
export function RedeemDialog({ item, balance, language, onClose, onDone }: RedeemDialogProps) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const redeem = useRedeemPointReward(language);
  const [quantity, setQuantity] = useState('1');
  const [shipping, setShipping] = useState({ name: '', phone: '', address: '' });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const count = Number.parseInt(quantity, 10);
  const total = Number.isInteger(count) && count > 0 ? BigInt(item.pointsCost) * BigInt(count) : 0n;
  const isPhysical = item.kind === 'physical';
  const submit = () => {
    if (!(count >= 1 && count <= 100)) {
      setError(t('loyalty.points.quantity_invalid'));
      return;
    }
    if (total > balance) {
      setError(t('errors.POINTS_INSUFFICIENT'));
      return;
    }
    if (isPhysical && Object.values(shipping).some((value) => value.trim() === '')) {
      setError(t('errors.SHIPPING_REQUIRED'));
      return;
    }
    if (!paymentPasswordPattern.test(password)) {
      setError(t('loyalty.points.password_invalid'));
      return;
    }
    setError(null);
    redeem.mutate(
      {
        itemId: item.id,
        quantity: count,
        requestId,
        paymentPassword: password,
        ...(isPhysical ? { shipping } : {}),
      },
      {
        onSuccess: (result) => {
          onDone(
            t(result.status === 'pending' ? 'loyalty.points.redeemed_pending' : 'loyalty.points.redeemed'),
          );
        },
        onError: (failure) => {
          setError(translateApiError(t, failure));
        },
      },
    );
  };
  return (
    <Modal
      title={t('loyalty.points.redeem_title', { name: item.name })}
      onClose={onClose}
      testId="points-redeem-dialog"
    >
      <form
        className="points-mall__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('loyalty.points.quantity')}
          value={quantity}
          onValueChange={setQuantity}
          inputMode="numeric"
          testId="points-redeem-quantity"
        />
        <p className="points-mall__total" data-testid="points-redeem-total">
          {t('loyalty.points.total_cost', { points: total.toString() })}
        </p>
        {isPhysical && (
          <fieldset className="points-mall__shipping">
            <legend>{t('loyalty.points.shipping')}</legend>
            {(['name', 'phone', 'address'] as const).map((field) => (
              <TextField
                key={field}
                label={t(`loyalty.points.shipping_${field}`)}
                value={shipping[field]}
                onValueChange={(value) => {
                  setShipping((current) => ({ ...current, [field]: value }));
                }}
                testId={`points-shipping-${field}`}
              />
            ))}
          </fieldset>
        )}
        <TextField
          label={t('loyalty.points.payment_password')}
          value={password}
          onValueChange={setPassword}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          testId="points-redeem-password"
        />
        {error !== null && (
          <p className="points-mall__error" role="alert" data-testid="points-redeem-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={redeem.isPending}
          aria-busy={redeem.isPending}
          data-testid="points-redeem-submit"
        >
          {t('loyalty.points.redeem')}
        </button>
      </form>
    </Modal>
  );
}

/** The cash a number of points makes at the brand's rate, as the server computes it (null: not exact). */
export const cashPreview = (points: string, config: PointConfig, exponent = 2): string | null => {
  if (!/^\d{1,15}$/.test(points)) return null;
  const scaled = BigInt(points) * 10n ** BigInt(exponent);
  const rate = BigInt(config.pointsPerCashUnit);
  if (scaled % rate !== 0n) return null;
  const minor = (scaled / rate).toString().padStart(exponent + 1, '0');
  return `${minor.slice(0, -exponent)}.${minor.slice(-exponent)}`;
};

type ConvertDialogProps = {
  config: PointConfig;
  balance: bigint;
  symbol: string;
  onClose: () => void;
  onDone: (message: string) => void;
};

/** Convert: points → cash at the brand's rate, with the cash shown before confirming. */
export function ConvertDialog({ config, balance, symbol, onClose, onDone }: ConvertDialogProps) {
  const { t } = useTranslation();
  const requestId = useRequestId();
  const convert = useConvertPoints();
  const [points, setPoints] = useState(String(config.minimumConversionPoints));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = cashPreview(points, config);
  const submit = () => {
    if (preview === null) {
      setError(t('loyalty.points.convert_inexact'));
      return;
    }
    if (BigInt(points) < BigInt(config.minimumConversionPoints)) {
      setError(t('errors.POINTS_BELOW_MINIMUM'));
      return;
    }
    if (BigInt(points) > balance) {
      setError(t('errors.POINTS_INSUFFICIENT'));
      return;
    }
    if (!paymentPasswordPattern.test(password)) {
      setError(t('loyalty.points.password_invalid'));
      return;
    }
    setError(null);
    convert.mutate(
      { points, requestId, paymentPassword: password },
      {
        onSuccess: (result) => {
          onDone(t('loyalty.points.converted', { amount: `${symbol} ${result.amount}` }));
        },
        onError: (failure) => {
          setError(translateApiError(t, failure));
        },
      },
    );
  };
  return (
    <Modal title={t('loyalty.points.convert_title')} onClose={onClose} testId="points-convert-dialog">
      <form
        className="points-mall__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="muted">
          {t('loyalty.points.convert_rate', {
            points: config.pointsPerCashUnit,
            currency: config.currency,
            minimum: config.minimumConversionPoints,
          })}
        </p>
        <TextField
          label={t('loyalty.points.points')}
          value={points}
          onValueChange={setPoints}
          inputMode="numeric"
          testId="points-convert-points"
        />
        <p className="points-mall__total" data-testid="points-convert-preview">
          {t('loyalty.points.convert_preview', { amount: `${symbol} ${preview ?? '-'}` })}
        </p>
        <TextField
          label={t('loyalty.points.payment_password')}
          value={password}
          onValueChange={setPassword}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          testId="points-convert-password"
        />
        {error !== null && (
          <p className="points-mall__error" role="alert" data-testid="points-convert-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={convert.isPending}
          aria-busy={convert.isPending}
          data-testid="points-convert-submit"
        >
          {t('loyalty.points.convert')}
        </button>
      </form>
    </Modal>
  );
}
