import { type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import {
  type LoyaltySettingsBody,
  useAdjustPoints,
  usePointSettings,
  useSavePointSettings,
} from './points-api';

function SettingsForm({ settings, canChange }: { settings: LoyaltySettingsBody; canChange: boolean }) {
  const [draft, setDraft] = useState(() => ({
    isPointsEnabled: settings.isPointsEnabled ? 'yes' : 'no',
    pointsPerDepositUnit: settings.pointsPerDepositUnit,
    pointsPerCashUnit: String(settings.pointsPerCashUnit),
    minimumConversionPoints: String(settings.minimumConversionPoints),
    conversionTurnoverMultiplier: String(settings.conversionTurnoverMultiplier),
  }));
  const save = useSavePointSettings();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({
      isPointsEnabled: draft.isPointsEnabled === 'yes',
      pointsPerDepositUnit: draft.pointsPerDepositUnit.trim(),
      pointsPerCashUnit: Number(draft.pointsPerCashUnit),
      minimumConversionPoints: Number(draft.minimumConversionPoints),
      conversionTurnoverMultiplier: Number(draft.conversionTurnoverMultiplier),
    });
  };
  const fields: readonly [keyof typeof draft, string][] = [
    ['isPointsEnabled', 'Points on (yes or no)'],
    ['pointsPerDepositUnit', 'Points per currency unit deposited'],
    ['pointsPerCashUnit', 'Points per currency unit when converting'],
    ['minimumConversionPoints', 'Fewest points per conversion'],
    ['conversionTurnoverMultiplier', 'Turnover multiplier on converted cash'],
  ];
  return (
    <form
      className="form"
      onSubmit={onSubmit}
      aria-label="Points settings"
      data-testid="points-settings-form"
    >
      <h2>Points settings</h2>
      <p className="muted">Points per unit of valid bet are set per VIP level.</p>
      {fields.map(([field, label]) => (
        <label key={field}>
          {label}
          <input
            value={draft[field]}
            disabled={!canChange}
            data-testid={`points-settings-${field}`}
            onChange={(event) => {
              setDraft({ ...draft, [field]: event.target.value });
            }}
          />
        </label>
      ))}
      <ErrorMessage error={save.error} testId="points-settings-error" />
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      {canChange ? (
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="points-settings-save"
        >
          Save settings
        </button>
      ) : null}
    </form>
  );
}

function AdjustForm() {
  const [draft, setDraft] = useState({ username: '', points: '', reason: '' });
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const adjust = useAdjustPoints();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    adjust.mutate(
      {
        username: draft.username.trim(),
        points: draft.points.trim(),
        reason: draft.reason.trim(),
        requestId,
      },
      {
        onSuccess: () => {
          setRequestId(crypto.randomUUID());
          setDraft({ ...draft, points: '', reason: '' });
        },
      },
    );
  };
  return (
    <form
      className="form"
      onSubmit={onSubmit}
      aria-label="Adjust a member's points"
      data-testid="points-adjust-form"
    >
      <h2>Adjust a member&apos;s points</h2>
      {(
        [
          ['username', 'Username'],
          ['points', 'Points (negative takes)'],
          ['reason', 'Reason'],
        ] as const
      ).map(([field, label]) => (
        <label key={field}>
          {label}
          <input
            value={draft[field]}
            data-testid={`points-adjust-${field}`}
            onChange={(event) => {
              setDraft({ ...draft, [field]: event.target.value });
            }}
          />
        </label>
      ))}
      <ErrorMessage error={adjust.error} testId="points-adjust-error" />
      {adjust.data ? (
        <p role="status" data-testid="points-adjust-done">
          Balance now {adjust.data.balance} points.
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={adjust.isPending}
        data-testid="points-adjust-save"
      >
        Adjust
      </button>
    </form>
  );
}

/**
 * The brand's points rules (changed with loyalty.manage) and a member's points adjusted by hand (with
 * loyalty.adjust_points; the form shows only then).
 */
export const PointsSettingsPanel = ({
  canChangeSettings,
  canAdjustPoints,
}: {
  canChangeSettings: boolean;
  canAdjustPoints: boolean;
}) => {
  const settings = usePointSettings();
  return (
    <>
      <ErrorMessage error={settings.error} testId="points-settings-load-error" />
      {settings.data ? <SettingsForm settings={settings.data} canChange={canChangeSettings} /> : null}
      {canAdjustPoints ? <AdjustForm /> : null}
    </>
  );
};
