import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { CaptionedTable } from '../../../components/captioned-table';
import { useDialogs } from '../../../components/dialog-provider';
import { Money } from '../../../components/money';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { type Referral, useReferral } from '../api/get-referral';
import './reward-center.css';

/**
 * The invite link as a QR code: an SVG of its dark modules (uqr encodes; nothing is injected as HTML), quiet
 * zone of two modules, always drawn left to right.
 */
function InviteQrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((isDark, x) => {
      if (isDark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="referral-qr"
      data-qr-text={text}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function InviteCard({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referral.link);
      dialogs.toast(t('copy_success'));
    } catch {
      // Clipboard access refused: the link stays visible to copy by hand.
    }
  };
  return (
    <section className="referral__card" aria-labelledby="referral-invite">
      <h3 id="referral-invite">{t('referral.invite_title')}</h3>
      <p className="muted">{t('referral.code', { code: referral.code })}</p>
      <div className="referral__link">
        <input
          className="field__input"
          readOnly
          value={referral.link}
          aria-label={t('referral.link')}
          data-testid="referral-link"
          dir="ltr"
        />
        <button
          type="button"
          className="button button--primary"
          data-testid="referral-copy"
          onClick={() => void copy()}
        >
          {t('referral.copy')}
        </button>
      </div>
      <InviteQrCode text={referral.link} label={t('referral.qr')} />
    </section>
  );
}

function Rules({ referral, symbol }: { referral: Referral; symbol: string }) {
  const { t } = useTranslation();
  const { rules } = referral;
  return (
    <section className="referral__card" aria-labelledby="referral-rules" data-testid="referral-rules">
      <h3 id="referral-rules">{rules?.title ?? t('referral.rules')}</h3>
      <p>
        {rules === null
          ? t('referral.no_rules')
          : t('referral.rules_text', {
              deposit: `${symbol} ${rules.inviteeDeposit}`,
              validBet: `${symbol} ${rules.inviteeValidBet}`,
              reward: `${symbol} ${rules.reward}`,
            })}
      </p>
      <p data-testid="referral-earned">
        {t('referral.earned', { count: referral.rewardCount })}{' '}
        <Money amount={referral.rewardsEarned} symbol={symbol} />
      </p>
    </section>
  );
}

function Invitees({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  if (referral.invitees.length === 0) {
    return (
      <p className="referral__card muted" data-testid="referral-invitees-empty">
        {t('referral.invitees_empty')}
      </p>
    );
  }
  return (
    <CaptionedTable caption={t('referral.invitees')} testId="referral-invitees">
      <thead>
        <tr>
          <th scope="col">{t('referral.friend')}</th>
          <th scope="col">{t('referral.registered')}</th>
          <th scope="col">{t('referral.deposited')}</th>
          <th scope="col">{t('referral.valid_bet')}</th>
          <th scope="col">{t('referral.qualified')}</th>
        </tr>
      </thead>
      <tbody>
        {referral.invitees.map((invitee) => (
          <tr key={`${invitee.username}-${invitee.registeredAt}`}>
            <th scope="row" dir="ltr">
              {invitee.username}
            </th>
            <td>{formatLocalDateTime(invitee.registeredAt)}</td>
            <td>
              <Money amount={invitee.deposited} />
            </td>
            <td>
              <Money amount={invitee.validBet} />
            </td>
            <td>{invitee.qualified ? t('referral.yes') : t('referral.no')}</td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}

/** referral (invite friends): the member's link, code and QR code, the brand's rules, invitees, rewards earned. */
export function ReferralPage({ currencySymbol }: { currencySymbol: string }) {
  const referral = useReferral();
  return (
    <div className="referral" data-testid="referral">
      {referral.data === undefined ? (
        <QueryState error={referral.error} onRetry={() => void referral.refetch()} />
      ) : (
        <>
          <InviteCard referral={referral.data} />
          <Rules referral={referral.data} symbol={currencySymbol} />
          <Invitees referral={referral.data} />
        </>
      )}
    </div>
  );
}
