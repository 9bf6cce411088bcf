import './pager.css';

type PagerProps = { pageNo: number; totalPages: number; onChange: (pageNo: number) => void; testId: string };

export const Pager = ({ pageNo, totalPages, onChange, testId }: PagerProps) => {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages" data-testid={testId}>
      <button
        type="button"
        className="button"
        disabled={pageNo <= 1}
        onClick={() => {
          onChange(pageNo - 1);
        }}
      >
        Previous
      </button>
      <span>
        Page {pageNo} of {totalPages}
      </span>
      <button
        type="button"
        className="button"
        disabled={pageNo >= totalPages}
        onClick={() => {
          onChange(pageNo + 1);
        }}
      >
        Next
      </button>
    </nav>
  );
};
