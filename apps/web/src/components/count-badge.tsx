import './count-badge.css';

/**
 * A small count beside a link or a menu entry (unread messages); nothing when the count is 0. Screen readers
 * hear the label as part of the link's name instead of a bare number.
 */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="count-badge" data-testid={testId} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
