import { Fragment, type ReactNode, useState } from 'react';

/** Which row of a list is being edited: none, a new one, or an existing row. */
export const useEditing = <Row,>() => {
  const [current, setCurrent] = useState<Row | 'new' | null>(null);
  return {
    current,
    startNew: () => {
      setCurrent('new');
    },
    edit: (row: Row) => {
      // Through an updater, so a row is never itself taken for one.
      setCurrent(() => row);
    },
    close: () => {
      setCurrent(null);
    },
  };
};

type Editing<Row> = ReturnType<typeof useEditing<Row>>;

/**
 * The editor of the row being edited (`children`: null for a new one), started afresh for each row; nothing
 * while none is.
 */
export const EditorPanel = <Row,>({
  editing,
  keyOf,
  children,
}: {
  editing: Editing<Row>;
  keyOf: (row: Row) => string;
  children: (row: Row | null, onDone: () => void) => ReactNode;
}) => {
  const { current } = editing;
  if (current === null) return null;
  return (
    <Fragment key={current === 'new' ? 'new' : keyOf(current)}>
      {children(current === 'new' ? null : current, editing.close)}
    </Fragment>
  );
};

/** The button that starts a new row. */
export const EditorNewButton = ({
  testId,
  onClick,
  children,
}: {
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) => (
  <button type="button" className="button button--primary" data-testid={testId} onClick={onClick}>
    {children}
  </button>
);
