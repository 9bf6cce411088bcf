import { errorCodes, type ErrorCode } from '@wps/contracts/errors';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { translateApiError } from '../../../lib/translate-message';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { claimInReviewReason, useClaimPromotion } from '../api/claim-promotion';
import type { SitePromotion } from '../api/get-promotions';

const isErrorCode = (value: string): value is ErrorCode => errorCodes.some((code) => code === value);

/** Where a promotion of a kind that has its own screen or member page is taken part in. */
const openPathOf = (promotion: SitePromotion): string => {
  switch (promotion.kind) {
    case 'red_envelope':
      return `/promotions/red-envelope/${promotion.id}`;
    case 'raffle':
      return `/promotions/raffle/${promotion.id}`;
    case 'referral':
      return '/member?page=referral';
    case 'rebate':
      return '/member?page=manualRebate';
    default:
      return '/member?page=rewardCenter';
  }
};

/**
 * What the visitor can do with a promotion: a guest is asked to log in (the login modal); a member claims it,
 * deposits with it or opens its screen, or reads why they cannot take part.
 */
export function PromotionAction({ promotion }: { promotion: SitePromotion }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const guard = useActionGuard();
  const claim = useClaimPromotion();
  const { action, reason } = promotion.availability;
  const testId = `promotion-action-${promotion.id}`;

  if (action === 'login') {
    return (
      <button
        type="button"
        className="button button--primary"
        data-testid={testId}
        onClick={() => {
          void guard.block('guest');
        }}
      >
        {t('promotions_page.actions.login')}
      </button>
    );
  }
  if (reason !== null) {
    const why =
      reason === claimInReviewReason
        ? t('promotions_page.in_review')
        : isErrorCode(reason)
          ? t(`errors.${reason}`)
          : t('errors.PROMOTION_NOT_ELIGIBLE');
    return (
      <p className="promotion-action__reason muted" data-testid={testId} role="note">
        {why}
      </p>
    );
  }
  if (action === 'claim') {
    return (
      <button
        type="button"
        className="button button--primary"
        disabled={claim.isPending}
        aria-busy={claim.isPending}
        data-testid={testId}
        onClick={() => {
          guard.run(() => {
            claim.mutate(promotion.id, {
              onSuccess: (result) => {
                if (result.status === 'held' || result.bonus === null) {
                  void dialogs.alert({ message: t('promotions_page.held') });
                  return;
                }
                dialogs.toast(t('promotions_page.claimed', { amount: result.bonus.amount }));
              },
              onError: (error) => {
                void dialogs.alert({ message: translateApiError(t, error) });
              },
            });
          });
        }}
      >
        {t('promotions_page.actions.claim')}
      </button>
    );
  }
  if (action === 'deposit') {
    return (
      <Link className="button button--primary" to="/member?page=depositv2" data-testid={testId}>
        {t('promotions_page.actions.deposit')}
      </Link>
    );
  }
  if (action === 'open') {
    return (
      <Link className="button button--primary" to={openPathOf(promotion)} data-testid={testId}>
        {t('promotions_page.actions.open')}
      </Link>
    );
  }
  return null;
}
