import { checkBirthday } from '@wps/contracts/kyc-rules';
import type {
  AccountProfile,
  EditableProfileField,
  ProfileUpdateRequest,
} from '@wps/contracts/member-account';
import { registerFields, type RegisterField } from '@wps/contracts/site-rules';
import { checkRegisterField, type FieldErrors, type RuleMessage } from '@wps/contracts/validation-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, TextField } from '../../../components/form-field';
import { useSiteForm } from '../../../lib/use-site-form';
import { usePermission } from '../../site/api/get-permission';
import { useUpdateProfile } from '../api/update-profile';

type ProfileValues = Record<EditableProfileField, string>;

type FieldSetting = { autoComplete: string; maxLength: number; type?: 'date' };

/**
 * The profile's fields in the order shown, with the bounds of PUT /wps/member/account/profile (the record
 * makes the compiler ask for a field the contract adds).
 */
const fieldSettings: Record<EditableProfileField, FieldSetting> = {
  nickname: { autoComplete: 'nickname', maxLength: 32 },
  payeeName: { autoComplete: 'name', maxLength: 64 },
  birthday: { autoComplete: 'bday', maxLength: 10, type: 'date' },
  line: { autoComplete: 'off', maxLength: 64 },
  whatsapp: { autoComplete: 'off', maxLength: 64 },
  facebook: { autoComplete: 'off', maxLength: 64 },
  wechat: { autoComplete: 'off', maxLength: 64 },
  telegram: { autoComplete: 'off', maxLength: 64 },
  zalo: { autoComplete: 'off', maxLength: 64 },
  address: { autoComplete: 'street-address', maxLength: 200 },
};
const isProfileField = (key: string): key is EditableProfileField => Object.hasOwn(fieldSettings, key);
const profileFields = Object.keys(fieldSettings).filter(isProfileField);

/** The fields the brand's registration settings give a rule to (real name, LINE, WhatsApp …). */
const isRegisterField = (field: string): field is RegisterField =>
  registerFields.some((registerField) => registerField === field);

const valuesOf = (profile: AccountProfile): ProfileValues => ({
  nickname: profile.nickname,
  payeeName: profile.payeeName ?? '',
  birthday: profile.birthday ?? '',
  line: profile.line ?? '',
  whatsapp: profile.whatsapp ?? '',
  facebook: profile.facebook ?? '',
  wechat: profile.wechat ?? '',
  telegram: profile.telegram ?? '',
  zalo: profile.zalo ?? '',
  address: profile.address ?? '',
});

type ProfileFormProps = {
  profile: AccountProfile;
  /** The section's id, for the security level's "add your real name". */
  sectionId: string;
};

/**
 * The member's profile labels (spec section 3). Only the fields changed are sent; the real name is the
 * member's to set once, then read-only. The brand's registration rules apply as on the registration form.
 */
export function ProfileForm({ profile, sectionId }: ProfileFormProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const titleId = useId();
  const setting = usePermission().info.register;
  const update = useUpdateProfile();
  const [notice, setNotice] = useState<string | null>(null);
  const saved = valuesOf(profile);
  const isRealNameSet = saved.payeeName.trim() !== '';
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm<ProfileValues>({
    defaultValues: saved,
    fieldOfCode: { UNDER_MINIMUM_AGE: 'birthday', BIRTHDAY_REQUIRED: 'birthday' },
    isFormErrorClearedOnEdit: true,
  });

  const labelOf = (name: EditableProfileField): string => {
    switch (name) {
      case 'nickname':
      case 'telegram':
      case 'zalo':
      case 'address':
        return t(`security_centre.profile.${name}`);
      default:
        return t(`auth.fields.${name}`);
    }
  };

  const checkField = (name: EditableProfileField, value: string): RuleMessage | null => {
    if (name === 'nickname') return value === '' ? { key: 'input_not_empty' } : null;
    // A date of birth may be cleared; one given must be real and old enough, as at registration.
    if (name === 'birthday') return value === '' ? null : checkBirthday(value, setting.minimumAge);
    return isRegisterField(name) ? checkRegisterField(name, value, setting.fields[name]) : null;
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setNotice(null);
    const body: ProfileUpdateRequest = {};
    const found: FieldErrors = {};
    for (const name of profileFields) {
      const value = values[name].trim();
      if (value === saved[name].trim() || (name === 'payeeName' && isRealNameSet)) continue;
      body[name] = value;
      const problem = checkField(name, value);
      if (problem !== null) found[name] = problem;
    }
    if (showRuleErrors(found)) return;
    if (Object.keys(body).length === 0) {
      setNotice(t('security_centre.profile.unchanged'));
      return;
    }
    try {
      await update.mutateAsync(body);
      form.reset({ ...values, ...body });
      dialogs.toast(t('security_centre.profile.saved'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <section
      id={sectionId}
      className="security-card"
      aria-labelledby={titleId}
      data-testid="security-profile"
    >
      <h3 id={titleId}>{t('security_centre.profile.title')}</h3>
      <form
        className="security-form security-form--columns"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {profileFields.map((name) => {
          const isLocked = name === 'payeeName' && isRealNameSet;
          const { autoComplete, maxLength, type } = fieldSettings[name];
          return (
            <TextField
              key={name}
              label={labelOf(name)}
              {...field(name)}
              name={name}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              maxLength={maxLength}
              max={type === 'date' ? new Date().toISOString().slice(0, 10) : undefined}
              readOnly={isLocked}
              hint={
                name === 'payeeName'
                  ? t(
                      isLocked
                        ? 'security_centre.profile.real_name_locked'
                        : 'security_centre.profile.real_name_once',
                    )
                  : undefined
              }
              testId={`profile-${name}`}
            />
          );
        })}
        <div className="security-form__footer">
          {notice !== null && (
            <p className="security-hint" role="status" data-testid="profile-notice">
              {notice}
            </p>
          )}
          <FormError message={formError} />
          <button
            type="submit"
            className="button button--primary"
            disabled={update.isPending}
            aria-busy={update.isPending}
            data-testid="profile-submit"
          >
            {t('security_centre.profile.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
