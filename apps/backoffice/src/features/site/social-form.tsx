import { useState } from 'react';
import {
  socialProviderConfigRequestSchema,
  socialProviderFlags,
  socialProviders,
} from '@wps/contracts/social-sign-in';
import { CheckboxField, TextField } from '../../components/shared-field';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { type SocialProvider, type SocialProviderConfig, useSaveSocialProvider } from './api';
import { SiteCard } from './form-parts';

const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };
const defaultIssuers: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
};

/** One provider's sign-in: its OpenID issuer, client id, write-only client secret, and whether it is on. */
const ProviderForm = ({
  provider,
  config,
  canChange,
}: {
  provider: SocialProvider;
  config: SocialProviderConfig | undefined;
  canChange: boolean;
}) => {
  const save = useSaveSocialProvider();
  const [issuer, setIssuer] = useState(config?.issuer ?? defaultIssuers[provider]);
  const [clientId, setClientId] = useState(config?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [isEnabled, setEnabled] = useState(config?.isEnabled ?? false);
  const { problems, check } = useSchemaCheck();
  const testId = `social-${provider}`;

  const submit = () => {
    const request = {
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      isEnabled,
      // Write-only: left empty, the stored secret stays (while the issuer does).
      ...(clientSecret === '' ? {} : { clientSecret }),
    };
    const config = check(socialProviderConfigRequestSchema, request);
    if (config === undefined) return;
    save.mutate(
      { provider, config },
      {
        onSuccess: () => {
          setClientSecret('');
        },
      },
    );
  };

  return (
    <SiteCard
      title={`Sign in with ${providerNames[provider]}`}
      testId={testId}
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <p className="site-hint">
        The button shows once this is enabled and the feature flag {socialProviderFlags[provider]} is on (site
        settings).
      </p>
      <div className="site-grid">
        <TextField
          label="Issuer"
          type="url"
          value={issuer}
          onChange={setIssuer}
          testId={`${testId}-issuer`}
        />
        <TextField label="Client id" value={clientId} onChange={setClientId} testId={`${testId}-client-id`} />
        <TextField
          label={
            config?.hasClientSecret === true ? 'Client secret (stored; type to replace)' : 'Client secret'
          }
          type="password"
          autoComplete="new-password"
          value={clientSecret}
          onChange={setClientSecret}
          testId={`${testId}-client-secret`}
        />
        <CheckboxField
          label="Enabled"
          checked={isEnabled}
          onChange={setEnabled}
          testId={`${testId}-enabled`}
        />
      </div>
    </SiteCard>
  );
};

/** Every provider the platform speaks to, each configured on its own. */
export const SocialForms = ({
  configs,
  canChange,
}: {
  configs: readonly SocialProviderConfig[];
  canChange: boolean;
}) => (
  <>
    {socialProviders.map((provider) => (
      <ProviderForm
        key={provider}
        provider={provider}
        config={configs.find((config) => config.provider === provider)}
        canChange={canChange}
      />
    ))}
  </>
);
