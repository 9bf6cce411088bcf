import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ChannelForm } from './channel-form';
import { useChannels, usePaymentSettings, type StaffChannel } from './api';

const columns = ['Code', 'Name', 'Method', 'Limits', 'Turnover', 'Order', 'Details', 'State', 'Actions'];

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
      <ListTable
        testId="channels-table"
        columns={columns}
        isEmpty={channels.isSuccess && list.length === 0}
        emptyMessage="No channels yet."
      >
        {list.map((channel) => (
          <tr key={channel.code} data-testid={`channel-row-${channel.code}`}>
            <td>{channel.code}</td>
            <td>
              {channel.name}
              {channel.gateway?.usesSandbox ? (
                <>
                  {' '}
                  <span
                    className="badge badge--pending"
                    title="Sandbox gateway: pretend payments for the demo, off in production"
                    data-testid={`channel-test-${channel.code}`}
                  >
                    test
                  </span>
                </>
              ) : null}
            </td>
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
      </ListTable>
    </section>
  );
};
