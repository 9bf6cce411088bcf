import type { MemberInfo } from '@wps/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordModal } from './change-password-modal';
import './security-centre.css';

/** My account: who the member is, and the password change. */
export function SecurityCentre({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const [isChangingPassword, setChangingPassword] = useState(false);
  const rows = [
    { label: t('member_menu.account'), value: member.account },
    { label: t('member_menu.member_id'), value: member.id },
    { label: t('auth.mobile'), value: member.mobileNum },
    { label: t('auth.fields.email'), value: member.email },
  ];
  return (
    <div className="security-centre" data-testid="security-centre">
      <dl className="details-list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd dir="auto">{row.value ?? t('member_menu.not_set')}</dd>
          </div>
        ))}
      </dl>
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
