import { useState, type SyntheticEvent } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { SaveBar } from '../../components/shared-save-bar';
import { useCan } from '../session/api';
import { useSaveWalletSettings, useWalletSettings, type WalletSettings } from '../wallet/api';

const amountPattern = /^\d{1,15}(\.\d{1,8})?$/;

const SecondApprovalForm = ({ settings, canChange }: { settings: WalletSettings; canChange: boolean }) => {
  const save = useSaveWalletSettings();
  const [amount, setAmount] = useState(settings.secondApprovalAbove);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = amount.trim();
    if (!amountPattern.test(trimmed) || !/[1-9]/.test(trimmed)) {
      setProblem('Enter an amount above zero, such as 10000.00.');
      return;
    }
    setProblem(null);
    // The wallet mode and vendors are saved as they are; only the amount changes.
    save.mutate({
      mode: settings.mode,
      transferVendors: settings.transferVendors,
      secondApprovalAbove: trimmed,
    });
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="second-approval-title">
      <h2 id="second-approval-title">Second approval (four eyes)</h2>
      <p className="muted">
        A manual adjustment or a withdrawal above this amount is proposed or approved by one staff member and
        needs the approval of another before any money moves. Up to it, one approval is enough.
      </p>
      <label>
        Second approval above ({settings.currency})
        <input
          inputMode="decimal"
          value={amount}
          disabled={!canChange}
          onChange={(event) => {
            setAmount(event.target.value);
            save.reset();
          }}
          data-testid="second-approval-amount"
        />
      </label>
      {canChange ? null : (
        <p className="muted" data-testid="second-approval-admin-only">
          Only an admin can change it.
        </p>
      )}
      {problem ? (
        <p className="error" role="alert" data-testid="second-approval-problem">
          {problem}
        </p>
      ) : null}
      <SaveBar
        saving={save}
        testId="second-approval"
        saveLabel="Save amount"
        savedMessage={
          save.data
            ? `Saved: above ${save.data.secondApprovalAbove} ${save.data.currency} a second approval is needed.`
            : null
        }
        canSave={canChange}
      />
    </form>
  );
};

/**
 * The brand's second-approval amount, beside the withdrawal rules; changed with site.manage (finance staff
 * must not lift their own four-eyes rule).
 */
export const SecondApprovalSettings = () => {
  const settings = useWalletSettings();
  const canChange = useCan()('site.manage');
  return (
    <>
      <ErrorMessage error={settings.error} testId="second-approval-load-error" />
      {settings.data ? <SecondApprovalForm settings={settings.data} canChange={canChange} /> : null}
    </>
  );
};
