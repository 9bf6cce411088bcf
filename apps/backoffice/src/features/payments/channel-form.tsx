import { useState, type SyntheticEvent, type ReactNode } from 'react';
import { channelMethods, upsertChannelRequestSchema, type ChannelMethod } from '@wps/contracts/payments';
import { ErrorMessage } from '../../components/error-message';
import { DialogActions } from '../../components/shared-dialog-actions';
import { CheckboxField, TextField } from '../../components/shared-field';
import { FormProblems, useSchemaCheck } from '../../components/shared-form-problems';
import { useSaveChannel, type StaffChannel, type UpsertChannel } from './api';
import './payments.css';

type ChannelFields = {
  code: string;
  method: ChannelMethod;
  name: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  isEnabled: boolean;
  sortOrder: string;
  turnoverPercent: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  note: string;
  merchantId: string;
  baseUrl: string;
  secret: string;
};

type TextName = Exclude<keyof ChannelFields, 'method' | 'isEnabled'>;

const fieldsOf = (channel: StaffChannel | null, currency: string): ChannelFields => ({
  code: channel?.code ?? '',
  method: channel?.method ?? 'bank_transfer',
  name: channel?.name ?? '',
  currency: channel?.currency ?? currency,
  minAmount: channel?.minAmount ?? '',
  maxAmount: channel?.maxAmount ?? '',
  isEnabled: channel?.isEnabled ?? true,
  sortOrder: String(channel?.sortOrder ?? 0),
  turnoverPercent: String(channel?.turnoverPercent ?? 100),
  bankName: channel?.instructions?.bankName ?? '',
  accountName: channel?.instructions?.accountName ?? '',
  accountNumber: channel?.instructions?.accountNumber ?? '',
  note: channel?.instructions?.note ?? '',
  merchantId: channel?.gateway?.merchantId ?? '',
  baseUrl: channel?.gateway?.baseUrl ?? '',
  secret: '',
});

const requestOf = (fields: ChannelFields): UpsertChannel => {
  const isGateway = fields.method === 'gateway';
  return {
    code: fields.code.trim(),
    method: fields.method,
    name: fields.name.trim(),
    currency: fields.currency.trim().toUpperCase(),
    minAmount: fields.minAmount.trim(),
    maxAmount: fields.maxAmount.trim(),
    isEnabled: fields.isEnabled,
    sortOrder: Number(fields.sortOrder),
    turnoverPercent: Number(fields.turnoverPercent),
    instructions: isGateway
      ? null
      : {
          bankName: fields.bankName.trim(),
          accountName: fields.accountName.trim(),
          accountNumber: fields.accountNumber.trim(),
          note: fields.note.trim() === '' ? null : fields.note.trim(),
        },
    gateway: isGateway
      ? {
          provider: 'sandbox',
          merchantId: fields.merchantId.trim(),
          baseUrl: fields.baseUrl.trim() === '' ? null : fields.baseUrl.trim(),
          // Write-only: left empty, the stored secret stays.
          ...(fields.secret === '' ? {} : { secret: fields.secret }),
        }
      : null,
  };
};

const methodLabels: Record<ChannelMethod, string> = {
  bank_transfer: 'Bank transfer (manual)',
  ewallet: 'E-wallet (manual)',
  gateway: 'Payment gateway',
};

type ChannelFormProps = { channel: StaffChannel | null; currency: string; onDone: () => void };

export const ChannelForm = ({ channel, currency, onDone }: ChannelFormProps) => {
  const save = useSaveChannel();
  const [fields, setFields] = useState(() => fieldsOf(channel, currency));
  const { problems, check } = useSchemaCheck();
  const isNew = channel === null;

  const field = (name: TextName, label: ReactNode, type: 'text' | 'number' | 'password' = 'text') => (
    <TextField
      label={label}
      type={type}
      value={fields[name]}
      readOnly={name === 'code' && !isNew}
      onChange={(value) => {
        setFields({ ...fields, [name]: value });
      }}
      testId={`channel-${name}`}
    />
  );

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = requestOf(fields);
    if (check(upsertChannelRequestSchema, request) !== undefined) save.mutate(request, { onSuccess: onDone });
  };

  return (
    <form
      className="card"
      onSubmit={submit}
      noValidate
      aria-labelledby="channel-form-title"
      data-testid="channel-form"
    >
      <h2 id="channel-form-title">{isNew ? 'New channel' : `Edit channel ${channel.code}`}</h2>
      <div className="grid">
        {field('code', 'Code (A–Z, 0–9, _)')}
        <label>
          Method
          <select
            value={fields.method}
            onChange={(event) => {
              setFields({ ...fields, method: event.target.value as ChannelMethod });
            }}
            data-testid="channel-method"
          >
            {channelMethods.map((method) => (
              <option key={method} value={method}>
                {methodLabels[method]}
              </option>
            ))}
          </select>
        </label>
        {field('name', 'Name players see')}
        {field('currency', 'Currency')}
        {field('minAmount', 'Minimum amount')}
        {field('maxAmount', 'Maximum amount')}
        {field('sortOrder', 'Sort order', 'number')}
        {field('turnoverPercent', 'Turnover % of the deposit', 'number')}
        <CheckboxField
          label="Enabled"
          checked={fields.isEnabled}
          onChange={(isEnabled) => {
            setFields({ ...fields, isEnabled });
          }}
          testId="channel-isEnabled"
        />
      </div>
      {fields.method === 'gateway' ? (
        <fieldset className="grid">
          <legend>Gateway (sandbox)</legend>
          {field('merchantId', 'Merchant id')}
          {field('baseUrl', 'Base URL (empty: the built-in sandbox)')}
          {field(
            'secret',
            channel?.gateway?.hasSecret
              ? 'Signing secret (set; leave empty to keep it)'
              : 'Signing secret (at least 16 characters)',
            'password',
          )}
        </fieldset>
      ) : (
        <fieldset className="grid">
          <legend>Where players send the money</legend>
          {field('bankName', 'Bank or wallet name')}
          {field('accountName', 'Account name')}
          {field('accountNumber', 'Account number')}
          {field('note', 'Note (optional)')}
        </fieldset>
      )}
      <FormProblems problems={problems} testId="channel-problems" />
      <ErrorMessage error={save.error} testId="channel-error" />
      <DialogActions
        onCancel={onDone}
        confirmLabel="Save channel"
        isPending={save.isPending}
        confirmTestId="channel-save"
      />
    </form>
  );
};
