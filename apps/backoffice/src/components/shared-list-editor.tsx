import { useState, type ReactNode } from 'react';

/** The list with the item at `index` one place earlier. */
export const movedUp = <T,>(items: readonly T[], index: number): T[] => {
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index - 1, 0, item);
  return next;
};

/** A list of rows edited in place before it is saved whole: rows changed, removed, moved up and added. */
export const useListEditor = <Row extends object>(initial: Row[] | (() => Row[])) => {
  const [rows, setRows] = useState<Row[]>(initial);
  return {
    rows,
    setRows,
    change: (index: number, patch: Partial<Row>) => {
      setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
    },
    remove: (index: number) => {
      setRows(rows.filter((_row, at) => at !== index));
    },
    moveUp: (index: number) => {
      setRows(movedUp(rows, index));
    },
    add: (row: Row) => {
      setRows([...rows, row]);
    },
  };
};

type ListEditorState<Row extends object> = ReturnType<typeof useListEditor<Row>>;

/** A row's buttons: remove it, or move it up one place (where order matters: the site uses the first ones). */
const RowButtons = ({
  index,
  label,
  testId,
  onRemove,
  onMoveUp,
}: {
  index: number;
  label: string;
  testId: string;
  onRemove: () => void;
  onMoveUp?: (() => void) | undefined;
}) => (
  <span className="row-actions">
    {onMoveUp && index > 0 ? (
      <button
        type="button"
        className="button"
        aria-label={`Move ${label} up`}
        onClick={onMoveUp}
        data-testid={`${testId}-up-${String(index)}`}
      >
        ↑
      </button>
    ) : null}
    <button
      type="button"
      className="button"
      aria-label={`Remove ${label}`}
      onClick={onRemove}
      data-testid={`${testId}-remove-${String(index)}`}
    >
      Remove
    </button>
  </span>
);

/**
 * An ordered list of rows, each with its fields (`children`) and its buttons, and a button that adds a row.
 * `testId` names the list (`<testId>-rows`), the add button (`<testId>-add`) and each row's buttons
 * (`<testId>-remove-<index>`, `<testId>-up-<index>`).
 */
export const ListEditor = <Row extends object>({
  editor,
  testId,
  className,
  rowLabel,
  canMoveUp = false,
  newRow,
  addLabel,
  children,
}: {
  editor: ListEditorState<Row>;
  testId: string;
  className?: string;
  /** How a row is named to screen readers ("Remove <label>"). */
  rowLabel: (row: Row) => string;
  /** The order matters: rows move up. */
  canMoveUp?: boolean;
  newRow: Row;
  addLabel: string;
  children: (row: Row, index: number) => ReactNode;
}) => (
  <>
    <ol className={className} data-testid={`${testId}-rows`}>
      {editor.rows.map((row, index) => (
        <li key={index}>
          {children(row, index)}
          <RowButtons
            index={index}
            label={rowLabel(row)}
            testId={testId}
            onRemove={() => {
              editor.remove(index);
            }}
            onMoveUp={
              canMoveUp
                ? () => {
                    editor.moveUp(index);
                  }
                : undefined
            }
          />
        </li>
      ))}
    </ol>
    <button
      type="button"
      className="button"
      onClick={() => {
        editor.add(newRow);
      }}
      data-testid={`${testId}-add`}
    >
      {addLabel}
    </button>
  </>
);
