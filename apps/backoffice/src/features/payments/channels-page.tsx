import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ChannelForm } from './channel-form';
import { useChannels, usePaymentSettings, type StaffChannel } from './api';

type Editing = { channel: StaffChannel | null } | null;

export const ChannelsPage = () => {
  const channels = useChannels();
  const settings = usePaymentSettings();
  const [editing, setEditing] = useState<Editing>(null);
  const list = channels.data?.list ?? [];

  return (
    <section aria-labelledby="channels-title">
      <header className="page-header">
        <h1 id="channels-title">Deposit channels</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setEditing({ channel: null });
          }}
          data-testid="new-channel"
        >
          New channel
        </button>
      </header>
      <ErrorMessage error={channels.error} testId="channels-error" />
      {editing ? (
        <ChannelForm
          key={editing.channel?.code ?? 'new'}
          channel={editing.channel}
          currency={settings.data?.currency ?? ''}
          onDone={() => {
            setEditing(null);
          }}
        />
      ) : null}
      <div className="table-scroll">
        <table className="table" data-testid="channels-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Name</th>
              <th scope="col">Method</th>
              <th scope="col">Limits</th>
              <th scope="col">Turnover</th>
              <th scope="col">Order</th>
              <th scope="col">Details</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((channel) => (
              <tr key={channel.code} data-testid={`channel-row-${channel.code}`}>
                <td>{channel.code}</td>
                <td>{channel.name}</td>
                <td>{channel.method}</td>
                <td className="number">
                  {channel.minAmount} – {channel.maxAmount} {channel.currency}
                </td>
                <td className="number">{channel.turnoverPercent}%</td>
                <td className="number">{channel.sortOrder}</td>
                <td>
                  {channel.instructions ? (
                    <>
                      {channel.instructions.bankName}
                      <div className="muted">
                        {channel.instructions.accountName} · {channel.instructions.accountNumber}
                      </div>
                    </>
                  ) : null}
                  {channel.gateway ? (
                    <>
                      {channel.gateway.provider} · {channel.gateway.merchantId}
                      <div className="muted">secret {channel.gateway.hasSecret ? 'set' : 'not set'}</div>
                    </>
                  ) : null}
                </td>
                <td>
                  <span className={channel.isEnabled ? 'badge badge--credited' : 'badge'}>
                    {channel.isEnabled ? 'enabled' : 'disabled'}
                  </span>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button"
                    onClick={() => {
                      setEditing({ channel });
                    }}
                    data-testid={`edit-channel-${channel.code}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {channels.isSuccess && list.length === 0 ? <p className="empty">No channels yet.</p> : null}
    </section>
  );
};
