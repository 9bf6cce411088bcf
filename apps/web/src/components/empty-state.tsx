import './empty-state.css';

type EmptyStateProps = { message: string };

export function EmptyState({ message }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <span className="empty-state__mark" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
