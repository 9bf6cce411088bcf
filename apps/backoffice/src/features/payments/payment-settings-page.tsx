import { useState, type SyntheticEvent } from 'react';
import { updatePaymentSettingsRequestSchema, type paymentSettingsSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { ErrorMessage } from '../../components/error-message';
import { FormProblems, useSchemaCheck } from '../../components/shared-form-problems';
import { SaveBar } from '../../components/shared-save-bar';
import { usePaymentSettings, useSavePaymentSettings, type UpdatePaymentSettings } from './api';
import { SecondApprovalSettings } from './second-approval-settings';
import './payments.css';

type Settings = z.infer<typeof paymentSettingsSchema>;
type Fields = Record<keyof UpdatePaymentSettings, string>;

const fieldLabels: Record<keyof UpdatePaymentSettings, string> = {
  withdrawalMin: 'Smallest withdrawal',
  withdrawalMax: 'Largest withdrawal',
  withdrawalDailyMaxAmount: 'Withdrawals per day, total amount',
  withdrawalDailyMaxCount: 'Withdrawals per day, count',
  confirmationMinutes: 'Minutes the member has to confirm receipt',
};
const fieldNames = Object.keys(fieldLabels) as (keyof UpdatePaymentSettings)[];

const SettingsForm = ({ settings }: { settings: Settings }) => {
  const save = useSavePaymentSettings();
  const [fields, setFields] = useState<Fields>({
    withdrawalMin: settings.withdrawalMin,
    withdrawalMax: settings.withdrawalMax,
    withdrawalDailyMaxAmount: settings.withdrawalDailyMaxAmount,
    withdrawalDailyMaxCount: String(settings.withdrawalDailyMaxCount),
    confirmationMinutes: String(settings.confirmationMinutes),
  });
  const { problems, check } = useSchemaCheck();

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request: UpdatePaymentSettings = {
      withdrawalMin: fields.withdrawalMin.trim(),
      withdrawalMax: fields.withdrawalMax.trim(),
      withdrawalDailyMaxAmount: fields.withdrawalDailyMaxAmount.trim(),
      withdrawalDailyMaxCount: Number(fields.withdrawalDailyMaxCount),
      confirmationMinutes: Number(fields.confirmationMinutes),
    };
    if (check(updatePaymentSettingsRequestSchema, request) !== undefined) save.mutate(request);
  };

  return (
    <form className="card" onSubmit={submit} noValidate data-testid="settings-form">
      <div className="grid">
        {fieldNames.map((name) => (
          <label key={name}>
            {fieldLabels[name]}
            {name === 'withdrawalDailyMaxCount' || name === 'confirmationMinutes'
              ? ''
              : ` (${settings.currency})`}
            <input
              inputMode={
                name === 'withdrawalDailyMaxCount' || name === 'confirmationMinutes' ? 'numeric' : 'decimal'
              }
              value={fields[name]}
              onChange={(event) => {
                setFields({ ...fields, [name]: event.target.value });
                save.reset();
              }}
              data-testid={`settings-${name}`}
            />
          </label>
        ))}
      </div>
      <FormProblems problems={problems} />
      <SaveBar saving={save} testId="settings" saveLabel="Save settings" />
    </form>
  );
};

export const SettingsPage = () => {
  const settings = usePaymentSettings();
  return (
    <section aria-labelledby="settings-title">
      <header className="page-header">
        <h1 id="settings-title">Payment settings</h1>
      </header>
      <ErrorMessage error={settings.error} testId="settings-load-error" />
      {settings.isPending ? <p className="muted">Loading…</p> : null}
      {settings.data ? <SettingsForm settings={settings.data} /> : null}
      <SecondApprovalSettings />
    </section>
  );
};
