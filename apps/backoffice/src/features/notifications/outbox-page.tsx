import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useOutbox, type OutboxChannel } from './api';
import './outbox-page.css';

const columns = ['Time', 'Channel', 'Recipient', 'Subject', 'Message'];
const channelLabels: Record<OutboxChannel, string> = { all: 'SMS and email', sms: 'SMS', email: 'Email' };

/**
 * The development outbox: what the platform "sent" by SMS and email while the brand has no real provider,
 * sign-in codes and reset links included, so only staff with notifications.outbox read it (the console's
 * router requires it of this screen). With a provider configured there is none.
 */
export const OutboxPage = () => {
  const [channel, setChannel] = useState<OutboxChannel>('all');
  const outbox = useOutbox(channel, true);
  const messages = outbox.data?.messages ?? [];
  const isUnavailable = isApiError(outbox.error) && outbox.error.code === 'NOT_FOUND';

  return (
    <section aria-labelledby="outbox-title">
      <header className="page-header">
        <h1 id="outbox-title">Development outbox</h1>
      </header>
      {isUnavailable ? (
        <p className="empty" data-testid="outbox-unavailable">
          This brand sends SMS and email through real providers, so there is no development outbox: messages
          go to the members&apos; phones and mailboxes and are not kept here.
        </p>
      ) : (
        <>
          <p className="outbox-note">
            This brand has no SMS or email provider yet, so nothing leaves the platform: every message, with
            its codes and links, is kept here instead. Configure a provider before going live.
          </p>
          <form
            className="inline-form"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <label>
              Channel
              <select
                value={channel}
                onChange={(event) => {
                  const value = event.target.value;
                  if (value === 'all' || value === 'sms' || value === 'email') setChannel(value);
                }}
                data-testid="outbox-channel"
              >
                {(['all', 'sms', 'email'] as const).map((value) => (
                  <option key={value} value={value}>
                    {channelLabels[value]}
                  </option>
                ))}
              </select>
            </label>
          </form>
          <ErrorMessage error={outbox.error} testId="outbox-error" />
          <ListTable
            testId="outbox-table"
            columns={columns}
            isLoading={outbox.isPending}
            isEmpty={outbox.isSuccess && messages.length === 0}
            emptyMessage="No messages yet. Verification codes and reset links the platform sends appear here."
            emptyTestId="outbox-empty"
          >
            {messages.map((message) => (
              <tr key={message.id} data-testid={`outbox-message-${message.id}`}>
                <td>{formatDateTime(message.createdAt)}</td>
                <td>{message.channel === 'sms' ? 'SMS' : 'Email'}</td>
                <td>{message.recipient}</td>
                <td>{message.subject ?? '—'}</td>
                <td>
                  <pre className="outbox-body">{message.body}</pre>
                </td>
              </tr>
            ))}
          </ListTable>
        </>
      )}
    </section>
  );
};
