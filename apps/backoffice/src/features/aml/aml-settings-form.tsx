import { amlSettingsBodySchema } from '@wps/contracts/aml';
import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { FormProblems, useSchemaCheck } from '../../components/shared-form-problems';
import { SaveBar } from '../../components/shared-save-bar';
import { type AmlSettings, type AmlSettingsBody, useAmlSettings, useSaveAmlSettings } from './api';

type Field = keyof AmlSettingsBody;

const moneyFields = new Set<Field>(['largeDeposit', 'largeWithdrawal', 'transferAmountMin']);

const fieldLabels: Record<Field, string> = {
  largeDeposit: 'Large deposit, from',
  largeWithdrawal: 'Large withdrawal, from',
  littlePlayPercent: 'Little play: valid bets under this % of the deposits since the last withdrawal',
  sharedAccountsMin: 'Shared device, address or payout account: from this many accounts',
  transferWindowMinutes: 'Rapid agent transfers: window in minutes',
  transferCountMin: 'Rapid agent transfers: from this many transfers in the window',
  transferAmountMin: 'Rapid agent transfers: or from this total in the window',
};
const fieldNames = Object.keys(fieldLabels) as Field[];

const fieldsOf = (settings: AmlSettings): Record<Field, string> => ({
  largeDeposit: settings.largeDeposit,
  largeWithdrawal: settings.largeWithdrawal,
  littlePlayPercent: String(settings.littlePlayPercent),
  sharedAccountsMin: String(settings.sharedAccountsMin),
  transferWindowMinutes: String(settings.transferWindowMinutes),
  transferCountMin: String(settings.transferCountMin),
  transferAmountMin: settings.transferAmountMin,
});

const SettingsForm = ({ settings }: { settings: AmlSettings }) => {
  const save = useSaveAmlSettings();
  const [fields, setFields] = useState(fieldsOf(settings));
  const { problems, check } = useSchemaCheck();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      largeDeposit: fields.largeDeposit.trim(),
      largeWithdrawal: fields.largeWithdrawal.trim(),
      littlePlayPercent: Number(fields.littlePlayPercent),
      sharedAccountsMin: Number(fields.sharedAccountsMin),
      transferWindowMinutes: Number(fields.transferWindowMinutes),
      transferCountMin: Number(fields.transferCountMin),
      transferAmountMin: fields.transferAmountMin.trim(),
    };
    const checked = check(amlSettingsBodySchema, request);
    if (checked !== undefined) save.mutate(checked);
  };

  return (
    <form className="card" onSubmit={submit} noValidate data-testid="aml-settings-form">
      <h2>Thresholds</h2>
      <p className="muted">
        {settings.isDefault
          ? 'The brand uses the default thresholds until they are saved here.'
          : 'The brand’s own thresholds.'}{' '}
        Flags never block anything: they wait here for review.
      </p>
      <div className="aml-settings-grid">
        {fieldNames.map((name) => (
          <label key={name}>
            {fieldLabels[name]}
            {moneyFields.has(name) ? ` (${settings.currency})` : ''}
            <input
              inputMode={moneyFields.has(name) ? 'decimal' : 'numeric'}
              value={fields[name]}
              onChange={(event) => {
                setFields({ ...fields, [name]: event.target.value });
                save.reset();
              }}
              data-testid={`aml-settings-${name}`}
            />
          </label>
        ))}
      </div>
      <FormProblems problems={problems} />
      <SaveBar saving={save} testId="aml-settings" saveLabel="Save thresholds" />
    </form>
  );
};

/** The brand's AML thresholds, loaded and edited as a whole (every change audited on the server). */
export const AmlSettingsPanel = () => {
  const settings = useAmlSettings();
  return (
    <>
      <ErrorMessage error={settings.error} testId="aml-settings-load-error" />
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
    </>
  );
};
