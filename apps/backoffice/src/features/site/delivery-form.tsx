import { useState } from 'react';
import { deliverySettingsSchema } from '@wps/contracts/site-admin';
import { CheckboxField, TextField } from '../../components/shared-field';
import { useSchemaCheck } from '../../components/shared-form-problems';
import { type DeliverySettings, type DeliverySettingsView, useSaveDeliverySettings } from './api';
import { SiteCard } from './form-parts';

type Fields = {
  usesGateway: boolean;
  gatewayUrl: string;
  gatewaySender: string;
  gatewayKey: string;
  usesSmtp: boolean;
  smtpHost: string;
  smtpPort: string;
  smtpSecure: boolean;
  smtpUser: string;
  smtpPassword: string;
  clearsSmtpPassword: boolean;
  smtpFrom: string;
};

const fieldsOf = ({ smsGateway, smtp }: DeliverySettingsView): Fields => ({
  usesGateway: smsGateway !== null,
  gatewayUrl: smsGateway?.url ?? '',
  gatewaySender: smsGateway?.sender ?? '',
  gatewayKey: '',
  usesSmtp: smtp !== null,
  smtpHost: smtp?.host ?? '',
  smtpPort: String(smtp?.port ?? 587),
  smtpSecure: smtp?.secure ?? false,
  smtpUser: smtp?.user ?? '',
  smtpPassword: '',
  clearsSmtpPassword: false,
  smtpFrom: smtp?.from ?? '',
});

/** The request: a secret typed is sent; one left empty is kept by the server (for the same address). */
const requestOf = (fields: Fields): DeliverySettings => ({
  smsGateway: fields.usesGateway
    ? {
        url: fields.gatewayUrl.trim(),
        sender: fields.gatewaySender.trim(),
        ...(fields.gatewayKey === '' ? {} : { apiKey: fields.gatewayKey }),
      }
    : null,
  smtp: fields.usesSmtp
    ? {
        host: fields.smtpHost.trim(),
        port: Number(fields.smtpPort),
        secure: fields.smtpSecure,
        user: fields.smtpUser.trim() === '' ? null : fields.smtpUser.trim(),
        from: fields.smtpFrom.trim(),
        ...(fields.clearsSmtpPassword
          ? { password: null }
          : fields.smtpPassword === ''
            ? {}
            : { password: fields.smtpPassword }),
      }
    : null,
});

type TextName = {
  [Key in keyof Fields]: Fields[Key] extends string ? Key : never;
}[keyof Fields];

/** Where the brand's SMS codes and emails go; without either, the development outbox. Secrets are write-only. */
export const DeliveryForm = ({
  delivery,
  canChange,
}: {
  delivery: DeliverySettingsView;
  canChange: boolean;
}) => {
  const save = useSaveDeliverySettings();
  const [fields, setFields] = useState(() => fieldsOf(delivery));
  const { problems, check } = useSchemaCheck();

  const text = (name: TextName, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      value={fields[name]}
      onChange={(value) => {
        setFields({ ...fields, [name]: value });
      }}
      testId={`delivery-${name}`}
    />
  );
  const box = (name: 'usesGateway' | 'usesSmtp' | 'smtpSecure' | 'clearsSmtpPassword', label: string) => (
    <CheckboxField
      label={label}
      checked={fields[name]}
      onChange={(checked) => {
        setFields({ ...fields, [name]: checked });
      }}
      testId={`delivery-${name}`}
    />
  );

  const submit = () => {
    const request = requestOf(fields);
    if (check(deliverySettingsSchema, request) === undefined) return;
    save.mutate(request, {
      onSuccess: () => {
        setFields({ ...fields, gatewayKey: '', smtpPassword: '', clearsSmtpPassword: false });
      },
    });
  };

  return (
    <SiteCard
      title="SMS and email delivery"
      testId="site-delivery"
      canChange={canChange}
      onSubmit={submit}
      problems={problems}
      saving={save}
    >
      <p className="site-hint">
        Without a gateway or server, messages go to the development outbox. Stored secrets are never shown:
        leave them empty to keep them (a new address needs them typed again).
      </p>
      <fieldset>
        <legend>SMS gateway</legend>
        {box('usesGateway', 'Send SMS through an HTTP gateway')}
        {fields.usesGateway ? (
          <div className="site-grid">
            {text('gatewayUrl', 'Gateway URL', 'url')}
            {text('gatewaySender', 'Sender name')}
            {text(
              'gatewayKey',
              delivery.smsGateway?.hasApiKey === true ? 'API key (stored; type to replace)' : 'API key',
              'password',
            )}
          </div>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Email (SMTP)</legend>
        {box('usesSmtp', 'Send email through an SMTP server')}
        {fields.usesSmtp ? (
          <div className="site-grid">
            {text('smtpHost', 'Host')}
            {text('smtpPort', 'Port')}
            {box('smtpSecure', 'TLS from the start (port 465)')}
            {text('smtpUser', 'User (empty: none)')}
            {text(
              'smtpPassword',
              delivery.smtp?.hasPassword === true ? 'Password (stored; type to replace)' : 'Password',
              'password',
            )}
            {delivery.smtp?.hasPassword === true
              ? box('clearsSmtpPassword', 'Remove the stored password')
              : null}
            {text('smtpFrom', 'From (such as Brand <no-reply@brand.com>)')}
          </div>
        ) : null}
      </fieldset>
    </SiteCard>
  );
};
