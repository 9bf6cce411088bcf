export type ReviewStatus = 'pending' | 'all';

/** The work queue (default) or everything. */
export const StatusFilter = ({
  value,
  onChange,
  testIdPrefix,
  pendingLabel = 'Pending',
}: {
  value: ReviewStatus;
  onChange: (value: ReviewStatus) => void;
  testIdPrefix: string;
  /** What the server's "pending" holds for this list. */
  pendingLabel?: string;
}) => (
  <div className="segmented" role="group" aria-label="Show">
    {(['pending', 'all'] as const).map((status) => (
      <button
        key={status}
        type="button"
        className="button"
        aria-pressed={value === status}
        onClick={() => {
          onChange(status);
        }}
        data-testid={`${testIdPrefix}-${status}`}
      >
        {status === 'pending' ? pendingLabel : 'All'}
      </button>
    ))}
  </div>
);
