import type { ReactNode } from 'react';
import { FormProblems } from '../../components/shared-form-problems';
import { SaveBar } from '../../components/shared-save-bar';

/** A card of the site screen: its title, its fields (read-only to staff who may only look) and its save bar. */
export const SiteCard = ({
  title,
  testId,
  canChange,
  onSubmit,
  problems,
  saving,
  children,
}: {
  title: string;
  testId: string;
  canChange: boolean;
  onSubmit: () => void;
  problems: readonly string[];
  saving: { error: unknown; isSuccess: boolean; isPending: boolean };
  children: ReactNode;
}) => (
  <form
    className="card"
    noValidate
    aria-label={title}
    data-testid={testId}
    onSubmit={(event) => {
      event.preventDefault();
      onSubmit();
    }}
  >
    <h2>{title}</h2>
    <fieldset className="site-fields" disabled={!canChange}>
      {children}
    </fieldset>
    <FormProblems problems={problems} testId={`${testId}-problems`} />
    <SaveBar saving={saving} testId={testId} canSave={canChange} />
  </form>
);
