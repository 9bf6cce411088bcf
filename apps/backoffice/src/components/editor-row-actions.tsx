import type { ReactNode } from 'react';

/**
 * A list row's last cell: Edit, Delete (asked first with `question`) and any more buttons (`children`), each
 * where given; empty for staff who may only look (`canEdit` false).
 */
export const EditorRowActions = ({
  canEdit,
  edit,
  remove,
  children,
}: {
  canEdit: boolean;
  edit?: { testId?: string; onClick: () => void } | undefined;
  remove?: { testId: string; question: string; isPending: boolean; onConfirm: () => void } | undefined;
  children?: ReactNode;
}) => (
  <td className="row-actions">
    {canEdit ? (
      <>
        {edit ? (
          <button type="button" className="button" data-testid={edit.testId} onClick={edit.onClick}>
            Edit
          </button>
        ) : null}
        {remove ? (
          <button
            type="button"
            className="button button--danger"
            data-testid={remove.testId}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(remove.question)) remove.onConfirm();
            }}
          >
            Delete
          </button>
        ) : null}
        {children}
      </>
    ) : null}
  </td>
);

/**
 * The last cell of a row with a lifecycle: Edit until the row reaches a last status (no moves left), then a
 * button for each status it may move to (`<testId>-<status>`), disabled while a move is on its way.
 */
export const EditorLifecycleActions = <Status extends string>({
  canEdit,
  moves,
  labelOf,
  testId,
  isPending,
  onEdit,
  onMove,
}: {
  canEdit: boolean;
  moves: readonly Status[];
  labelOf: (status: Status) => string;
  testId: string;
  isPending: boolean;
  onEdit: () => void;
  onMove: (status: Status) => void;
}) => (
  <EditorRowActions canEdit={canEdit} edit={moves.length > 0 ? { onClick: onEdit } : undefined}>
    {moves.map((next) => (
      <button
        key={next}
        type="button"
        className="button"
        disabled={isPending}
        data-testid={`${testId}-${next}`}
        onClick={() => {
          onMove(next);
        }}
      >
        {labelOf(next)}
      </button>
    ))}
  </EditorRowActions>
);
