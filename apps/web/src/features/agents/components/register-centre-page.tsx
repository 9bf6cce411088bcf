import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import { checkPassword, passwordHint } from '@wps/contracts/validation-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { QueryState } from '../../../components/query-state';
import { SelectField } from '../../../components/select-field';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { agentQueryKeys } from '../api/agent-query-keys';
import { type AffiliateLink, useAffiliateLinks, useCreateAffiliateLink } from '../api/get-affiliate';
import { registerDownline } from '../api/register-downline';
import { registerDownlineFormSchema, translateAgentRule } from '../form-rules';
import { translateApiError, translateRuleMessage } from '../../../lib/translate-message';
import { usePermission } from '../../site/api/get-permission';
import { QrCode } from './qr-code';

function CopyValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return (
    <button
      type="button"
      className="button button--ghost"
      aria-label={t('agents.register.copy', { label })}
      data-testid={testId}
      onClick={() => {
        navigator.clipboard.writeText(value).then(
          () => {
            dialogs.toast(t('copy_success'));
          },
          () => {
            // Clipboard refused: the value stays on screen to copy by hand.
          },
        );
      }}
    >
      {t('agents.register.copy_short')}
    </button>
  );
}

/** One affiliate link: its code, its address (both copyable), what it registers and how many joined. */
function AffiliateLinkRow({
  link,
  isQrShown,
  onShowQr,
}: {
  link: AffiliateLink;
  isQrShown: boolean;
  onShowQr: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="affiliate-card" data-testid="affiliate-link-row">
      {isQrShown ? (
        <QrCode
          text={link.url}
          label={t('agents.register.qr_label', { code: link.code })}
          testId="affiliate-qr"
        />
      ) : (
        <button type="button" className="button button--ghost" onClick={onShowQr}>
          {t('agents.register.show_qr')}
        </button>
      )}
      <dl className="details-list">
        <div>
          <dt>{t('agents.register.affiliate_code')}</dt>
          <dd>
            <bdi dir="ltr" data-testid="affiliate-code">
              {link.code}
            </bdi>{' '}
            <CopyValue
              value={link.code}
              label={t('agents.register.affiliate_code')}
              testId="affiliate-code-copy"
            />
          </dd>
        </div>
        <div>
          <dt>{t('agents.register.affiliate_link')}</dt>
          <dd>
            <a
              href={link.url}
              className="affiliate-card__link text-link"
              dir="ltr"
              target="_blank"
              rel="noreferrer"
              data-testid="affiliate-link"
            >
              {link.url}
            </a>{' '}
            <CopyValue
              value={link.url}
              label={t('agents.register.affiliate_link')}
              testId="affiliate-link-copy"
            />
          </dd>
        </div>
        <div>
          <dt>{t('agents.register.link_kind')}</dt>
          <dd data-testid="affiliate-link-kind">
            {t(link.isAgentLink ? 'agents.register.kind_agent' : 'agents.register.kind_member')}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The agent's affiliate links (its own code first), a QR code of the chosen one, and a way to add more. */
function AffiliateLinks() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const titleId = useId();
  const links = useAffiliateLinks();
  const createLink = useCreateAffiliateLink();
  const [qrCode, setQrCode] = useState<string | null>(null);
  if (links.data === undefined) {
    return <QueryState error={links.error} onRetry={() => void links.refetch()} />;
  }
  const shownQr = qrCode ?? links.data.links[0]?.code ?? null;
  const create = (isAgentLink: boolean) => {
    createLink.mutate(
      { isAgentLink },
      {
        onError: (error) => {
          void dialogs.alert({ message: translateApiError(t, error) });
        },
      },
    );
  };
  return (
    <section className="agent-section" aria-labelledby={titleId} data-testid="affiliate-links">
      <h3 id={titleId}>{t('agents.register.affiliate_title')}</h3>
      <p className="muted">{t('agents.register.affiliate_hint')}</p>
      <ul className="agent-section">
        {links.data.links.map((link) => (
          <AffiliateLinkRow
            key={link.code}
            link={link}
            isQrShown={link.code === shownQr}
            onShowQr={() => {
              setQrCode(link.code);
            }}
          />
        ))}
      </ul>
      <div className="agent-actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={createLink.isPending}
          data-testid="affiliate-new-member-link"
          onClick={() => {
            create(false);
          }}
        >
          {t('agents.register.new_member_link')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={createLink.isPending}
          data-testid="affiliate-new-agent-link"
          onClick={() => {
            create(true);
          }}
        >
          {t('agents.register.new_agent_link')}
        </button>
      </div>
    </section>
  );
}

type RegisterDownlineValues = {
  kind: 'MEMBER' | 'AGENT';
  username: string;
  password: string;
  confirmPassword: string;
};

/** Registers a member or a sub-agent straight under this agent. */
function RegisterDownlineForm() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const passwordRule = usePermission().info.register.fields.password;
  const { form, values, field, formError, showRuleErrors, showApiError } =
    useSiteForm<RegisterDownlineValues>({
      defaultValues: { kind: 'MEMBER', username: '', password: '', confirmPassword: '' },
      translateRule: translateAgentRule,
      fieldOfCode: { USERNAME_TAKEN: 'username' },
      isFormErrorClearedOnEdit: true,
    });
  const { kind } = values;
  const register = useMutation({ mutationFn: registerDownline });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const found = checkSchema(registerDownlineFormSchema, values);
    // The password policy, as on the register page (the member changes it at the first login).
    const passwordProblem = checkPassword(values.password, passwordRule, isCommonPassword);
    if (!('password' in found) && passwordProblem !== null) found.password = passwordProblem;
    if (showRuleErrors(found)) return;
    register.mutate(
      // Trimmed as everywhere on the site (the login sends the password trimmed).
      { username: values.username.trim(), password: values.password.trim(), isAgent: kind === 'AGENT' },
      {
        onSuccess: (created) => {
          form.setValue('username', '');
          form.setValue('password', '');
          form.setValue('confirmPassword', '');
          void queryClient.invalidateQueries({ queryKey: agentQueryKeys.downlines });
          void queryClient.invalidateQueries({ queryKey: agentQueryKeys.overview });
          dialogs.toast(
            t(kind === 'AGENT' ? 'agents.register.agent_created' : 'agents.register.member_created', {
              account: created.account,
            }),
          );
        },
        onError: showApiError,
      },
    );
  };

  return (
    <form
      className="wallet-form"
      aria-labelledby={titleId}
      noValidate
      data-testid="register-downline-form"
      onSubmit={submit}
    >
      <h3 id={titleId} className="wallet-form__title">
        {t('agents.register.form_title')}
      </h3>
      <fieldset className="wallet-form__fields" disabled={register.isPending}>
        <SelectField
          label={t('agents.register.kind')}
          value={kind}
          options={[
            { value: 'MEMBER', label: t('agents.register.kind_member') },
            { value: 'AGENT', label: t('agents.register.kind_agent') },
          ]}
          onValueChange={(value) => {
            // The kind has no message of its own; choosing it leaves the others on screen.
            form.setValue('kind', value === 'AGENT' ? 'AGENT' : 'MEMBER');
          }}
          testId="register-downline-kind"
        />
        <TextField
          label={t('agents.register.username')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
          testId="register-downline-username"
        />
        <PasswordField
          label={t('agents.register.password')}
          autoComplete="new-password"
          maxLength={128}
          {...field('password')}
          hint={translateRuleMessage(t, passwordHint(passwordRule))}
          testId="register-downline-password"
        />
        <PasswordField
          label={t('agents.register.confirm_password')}
          autoComplete="new-password"
          {...field('confirmPassword')}
          testId="register-downline-confirm"
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          aria-busy={register.isPending}
          data-testid="register-downline-submit"
        >
          {t('agents.register.submit')}
        </button>
      </fieldset>
    </form>
  );
}

/** registerCenter: the affiliate link and code (with a QR code) and direct registration of a downline. */
export function RegisterCentrePage() {
  return (
    <div className="agent-section" data-testid="register-centre">
      <AffiliateLinks />
      <RegisterDownlineForm />
    </div>
  );
}
