import { kycSettingsBodySchema } from '@wps/contracts/kyc';
import { requirableKycTiers, type RequirableKycTier } from '@wps/contracts/kyc-rules';
import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { FormProblems, useSchemaCheck } from '../../components/shared-form-problems';
import { SaveBar } from '../../components/shared-save-bar';
import { type KycSettings, useKycSettings, useSaveKycSettings } from './api';

export const tierLabels: Record<RequirableKycTier | 'none', string> = {
  none: 'None',
  basic: 'Basic (identity approved)',
  verified: 'Verified (identity and address approved)',
};

/** An empty threshold is off. */
const thresholdOf = (value: string): string | null => (value.trim() === '' ? null : value.trim());

const SettingsForm = ({ settings }: { settings: KycSettings }) => {
  const save = useSaveKycSettings();
  const [requiredTier, setRequiredTier] = useState<RequirableKycTier>(settings.requiredTier);
  const [single, setSingle] = useState(settings.singleThreshold ?? '');
  const [cumulative, setCumulative] = useState(settings.cumulativeThreshold ?? '');
  const { problems, check } = useSchemaCheck();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(kycSettingsBodySchema, {
      requiredTier,
      singleThreshold: thresholdOf(single),
      cumulativeThreshold: thresholdOf(cumulative),
    });
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <form className="card" onSubmit={submit} noValidate data-testid="kyc-settings-form">
      <h2>Withdrawals that wait for verification</h2>
      <p className="muted">
        A withdrawal above the single amount, or that takes the member’s paid and pending withdrawals above
        the cumulative amount, waits (its money held) until the member reaches the tier; approving their
        document releases it into the withdrawal queue. Leave an amount empty to turn it off.
        {settings.isDefault ? ' The brand uses the defaults (both off) until they are saved here.' : ''}
      </p>
      <div className="kyc-settings-grid">
        <label>
          Single withdrawal above ({settings.currency})
          <input
            inputMode="decimal"
            value={single}
            onChange={(event) => {
              setSingle(event.target.value);
              save.reset();
            }}
            data-testid="kyc-settings-single"
          />
        </label>
        <label>
          Paid and pending withdrawals above ({settings.currency})
          <input
            inputMode="decimal"
            value={cumulative}
            onChange={(event) => {
              setCumulative(event.target.value);
              save.reset();
            }}
            data-testid="kyc-settings-cumulative"
          />
        </label>
        <label>
          Tier required
          <select
            value={requiredTier}
            onChange={(event) => {
              setRequiredTier(
                requirableKycTiers.find((tier) => tier === event.target.value) ?? settings.requiredTier,
              );
              save.reset();
            }}
            data-testid="kyc-settings-tier"
          >
            {requirableKycTiers.map((tier) => (
              <option key={tier} value={tier}>
                {tierLabels[tier]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FormProblems problems={problems} />
      <SaveBar saving={save} testId="kyc-settings" saveLabel="Save rule" />
    </form>
  );
};

/** The brand's verification rule for withdrawals, loaded and saved as a whole (audited on the server). */
export const KycSettingsPanel = () => {
  const settings = useKycSettings();
  return (
    <>
      <ErrorMessage error={settings.error} testId="kyc-settings-load-error" />
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </>
  );
};
