import type { MemberInfo } from '@wps/contracts/auth';
import type { SecurityCheck } from '@wps/contracts/member-account';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { useAccount } from '../api/get-account';
import { ActiveSessions } from './active-sessions';
import { AvatarEditor } from './avatar-editor';
import { ChangePasswordModal } from './change-password-modal';
import { EmailBinding, MobileBinding } from './contact-binding';
import { ProfileForm } from './profile-form';
import { SecurityLevel } from './security-level';
import { SignInHistory } from './sign-in-history';
import './security-centre.css';

/** Brings a section of the page into view and puts the cursor in the field that fixes a check. */
const goToField = (sectionId: string, fieldName: string) => {
  const section = document.getElementById(sectionId);
  section?.scrollIntoView({ block: 'start' });
  section?.querySelector<HTMLInputElement>(`input[name="${fieldName}"]`)?.focus({ preventScroll: true });
};

/**
 * My account (issue 28, item 1): how well the account is protected, the avatar, the profile, the mobile number
 * and email bound with a code, the payment password, where the member is signed in and the login history.
 * Who the member is and the password change show at once; the rest as the account arrives.
 */
/** The payment password's form, which the payments feature provides (the app composes it). */
export type PaymentPasswordRenderer = (props: { isSet: boolean; sectionId: string }) => ReactNode;

export function SecurityCentre({
  member,
  renderPaymentPassword,
}: {
  member: MemberInfo;
  renderPaymentPassword: PaymentPasswordRenderer;
}) {
  const { t } = useTranslation();
  const account = useAccount();
  const accountTitleId = useId();
  const profileId = useId();
  const mobileId = useId();
  const emailId = useId();
  const paymentPasswordId = useId();
  const [isChangingPassword, setChangingPassword] = useState(false);

  const fix = (check: SecurityCheck) => {
    switch (check) {
      case 'password':
        setChangingPassword(true);
        return;
      case 'paymentPassword':
        goToField(paymentPasswordId, 'loginPassword');
        return;
      case 'mobile':
        goToField(mobileId, 'mobileNum');
        return;
      case 'email':
        goToField(emailId, 'email');
        return;
      case 'realName':
        goToField(profileId, 'payeeName');
        return;
    }
  };

  const profile = account.data?.profile;
  const rows = [
    { label: t('member_menu.account'), value: member.account },
    { label: t('member_menu.member_id'), value: member.id },
    { label: t('security_centre.profile.nickname'), value: profile?.nickname ?? member.nickname },
  ];
  return (
    <div className="security-centre" data-testid="security-centre">
      {account.data !== undefined && <SecurityLevel security={account.data.security} onFix={fix} />}
      <section className="security-card" aria-labelledby={accountTitleId}>
        <h3 id={accountTitleId}>{t('security_centre.account.title')}</h3>
        <div className="security-account">
          <AvatarEditor avatarUrl={profile === undefined ? member.avatarUrl : profile.avatarUrl} />
          <dl className="details-list">
            {rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd dir="auto">{row.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="security-actions">
          <button
            type="button"
            className="button button--primary"
            data-testid="open-change-password"
            onClick={() => {
              setChangingPassword(true);
            }}
          >
            {t('auth.change_password')}
          </button>
        </div>
      </section>
      {account.data === undefined ? (
        <QueryState error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <>
          <ProfileForm profile={account.data.profile} sectionId={profileId} />
          <MobileBinding current={account.data.profile.mobileNum} sectionId={mobileId} />
          <EmailBinding current={account.data.profile.email} sectionId={emailId} />
          {renderPaymentPassword({
            isSet: account.data.security.checks.paymentPassword,
            sectionId: paymentPasswordId,
          })}
        </>
      )}
      <ActiveSessions />
      <SignInHistory />
      {isChangingPassword && (
        <ChangePasswordModal
          isForced={false}
          onClose={() => {
            setChangingPassword(false);
          }}
          onChanged={() => {
            setChangingPassword(false);
          }}
        />
      )}
    </div>
  );
}
