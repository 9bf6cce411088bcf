import { redemptionStatuses } from '@wps/contracts/loyalty-points';
import { useState } from 'react';
import { EditorSelect } from '../../components/editor-choice';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import {
  type AdminRedemption,
  type RedemptionStatus,
  useRedemptionAction,
  useRedemptions,
} from './points-api';

/** Every status, or one. */
const statusOptions = ['', ...redemptionStatuses] as const;

const columns = ['Reference', 'Applied', 'Member', 'Item', 'Qty', 'Points', 'Ship to', 'Status', ''];

function Actions({ redemption }: { redemption: AdminRedemption }) {
  const action = useRedemptionAction();
  const [tracking, setTracking] = useState('');
  const run = (request: Parameters<typeof action.mutate>[0]['request']) => {
    action.mutate({ id: redemption.id, request });
  };
  const id = redemption.id;
  return (
    <div className="row-actions">
      {redemption.status === 'pending' ? (
        <button
          type="button"
          className="button"
          data-testid={`redemption-approve-${id}`}
          onClick={() => {
            run({ action: 'approve' });
          }}
        >
          Approve
        </button>
      ) : null}
      {redemption.status === 'approved' ? (
        <>
          <input
            aria-label="Tracking number"
            value={tracking}
            data-testid={`redemption-tracking-${id}`}
            onChange={(event) => {
              setTracking(event.target.value);
            }}
          />
          <button
            type="button"
            className="button"
            disabled={tracking.trim() === ''}
            data-testid={`redemption-ship-${id}`}
            onClick={() => {
              run({ action: 'ship', trackingNumber: tracking.trim() });
            }}
          >
            Ship
          </button>
        </>
      ) : null}
      {redemption.status === 'shipped' ? (
        <button
          type="button"
          className="button"
          data-testid={`redemption-deliver-${id}`}
          onClick={() => {
            run({ action: 'deliver' });
          }}
        >
          Delivered
        </button>
      ) : null}
      {['pending', 'approved', 'shipped'].includes(redemption.status) ? (
        <button
          type="button"
          className="button"
          data-testid={`redemption-cancel-${id}`}
          onClick={() => {
            const remark = window.prompt('Why is it cancelled? The points and the stock are returned.');
            if (remark !== null)
              run({ action: 'cancel', ...(remark.trim() === '' ? {} : { remark: remark.trim() }) });
          }}
        >
          Cancel
        </button>
      ) : null}
      <ErrorMessage error={action.error} testId={`redemption-error-${id}`} />
    </div>
  );
}

/**
 * The redemption queue: physical items wait here to be approved, shipped and delivered, or cancelled (the
 * actions show with loyalty.fulfil).
 */
export const RedemptionsPage = () => {
  const canFulfil = useCan()('loyalty.fulfil');
  const [pageNo, setPageNo] = useState(1);
  const [status, setStatus] = useState<RedemptionStatus | ''>('pending');
  const redemptions = useRedemptions(pageNo, status);
  const list = redemptions.data?.list ?? [];
  return (
    <section aria-labelledby="redemptions-title">
      <h1 id="redemptions-title">Redemptions</h1>
      <EditorSelect
        label="Status"
        value={status}
        options={statusOptions}
        optionLabels={{ '': 'All' }}
        testId="redemptions-status"
        onChange={(value) => {
          setStatus(value);
          setPageNo(1);
        }}
      />
      <ErrorMessage error={redemptions.error} testId="redemptions-error" />
      <ListTable
        testId="redemptions-table"
        columns={columns}
        isLoading={redemptions.isPending}
        isEmpty={redemptions.isSuccess && list.length === 0}
        emptyMessage="No redemptions here."
        emptyTestId="redemptions-empty"
        paging={{
          pageNo,
          totalPages: redemptions.data?.totalPages ?? 1,
          onChange: setPageNo,
          testId: 'redemptions-pager',
        }}
      >
        {list.map((redemption) => (
          <tr key={redemption.id} data-testid={`redemption-row-${redemption.id}`}>
            <td>{redemption.reference}</td>
            <td>{new Date(redemption.appliedAt).toLocaleString()}</td>
            <td>{redemption.username}</td>
            <td>
              {redemption.name} <span className="muted">({redemption.kind})</span>
            </td>
            <td>{redemption.quantity}</td>
            <td>{redemption.points}</td>
            <td>
              {redemption.shipping
                ? `${redemption.shipping.name}, ${redemption.shipping.phone}, ${redemption.shipping.address}`
                : '-'}
            </td>
            <td>
              {redemption.status}
              {redemption.trackingNumber ? <div className="muted">{redemption.trackingNumber}</div> : null}
              {redemption.remark ? <div className="muted">{redemption.remark}</div> : null}
            </td>
            <td>{canFulfil ? <Actions redemption={redemption} /> : null}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
};
