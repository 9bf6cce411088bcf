import {
  type MissionKind,
  missionCadences,
  missionKinds,
  missionRewardKinds,
  type MissionStatus,
} from '@wps/contracts/loyalty-missions';
import { EditorSelect } from '../../components/editor-choice';
import { EditorForm, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorLifecycleActions } from '../../components/editor-row-actions';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { TextField } from '../../components/shared-field';
import { useCan } from '../session/api';
import {
  type MissionBody,
  type OperatorMission,
  useMissions,
  useMissionStatus,
  useSaveMission,
} from './missions-api';

const columns = ['Title', 'Kind', 'Target', 'Reward', 'Points', 'Status', ''];

/** Where a status may go next (the server checks the same). */
const nextStatuses: Record<MissionStatus, readonly MissionStatus[]> = {
  draft: ['live', 'ended'],
  live: ['paused', 'ended'],
  paused: ['live', 'ended'],
  ended: [],
};

type Draft = {
  titleEn: string;
  titleUr: string;
  descriptionEn: string;
  kind: MissionKind;
  cadence: string;
  target: string;
  threshold: string;
  productLine: string;
  gameId: string;
  feature: string;
  rewardKind: string;
  rewardAmount: string;
  rewardTurnoverMultiplier: string;
  missionPoints: string;
};

const draftOf = (mission: OperatorMission | null): Draft => ({
  titleEn: mission?.title.en ?? '',
  titleUr: mission?.title.ur ?? '',
  descriptionEn: mission?.description.en ?? '',
  kind: mission?.kind ?? 'deposit',
  cadence: mission?.cadence ?? 'daily',
  target: mission?.target ?? '1',
  threshold: mission?.threshold ?? '0',
  productLine: mission?.productLine ?? '',
  gameId: mission?.gameId ?? '',
  feature: mission?.feature ?? '',
  rewardKind: mission?.rewardKind ?? 'cash',
  rewardAmount: mission?.rewardAmount ?? '',
  rewardTurnoverMultiplier: String(mission?.rewardTurnoverMultiplier ?? 0),
  missionPoints: String(mission?.missionPoints ?? 0),
});

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

const bodyOf = (draft: Draft): MissionBody => ({
  title: draft.titleUr.trim() === '' ? { en: draft.titleEn } : { en: draft.titleEn, ur: draft.titleUr },
  description: { en: draft.descriptionEn },
  kind: draft.kind,
  cadence: draft.cadence === 'weekly' ? 'weekly' : draft.cadence === 'once' ? 'once' : 'daily',
  target: draft.target.trim(),
  threshold: draft.threshold.trim() === '' ? '0' : draft.threshold.trim(),
  productLine: orNull(draft.productLine),
  gameId: orNull(draft.gameId),
  feature: orNull(draft.feature),
  rewardKind: draft.rewardKind === 'bonus' ? 'bonus' : draft.rewardKind === 'points' ? 'points' : 'cash',
  rewardAmount: draft.rewardAmount.trim(),
  rewardTurnoverMultiplier: Number(draft.rewardTurnoverMultiplier),
  missionPoints: Number(draft.missionPoints),
});

/** The fields a kind uses, with what they mean for it. */
const kindFields = (kind: MissionKind): readonly [keyof Draft, string][] => {
  switch (kind) {
    case 'deposit':
      return [
        ['target', 'Deposits needed'],
        ['threshold', 'Least deposit (amount)'],
      ];
    case 'valid_bet':
      return [
        ['target', 'Valid bet needed (amount)'],
        ['productLine', 'Product line (empty: any)'],
        ['gameId', 'Game id (empty: any)'],
      ];
    case 'rounds':
      return [
        ['target', 'Rounds needed'],
        ['productLine', 'Product line (empty: any)'],
        ['gameId', 'Game id (empty: any)'],
      ];
    case 'big_win':
      return [
        ['target', 'Wins needed'],
        ['threshold', 'Win multiple of the stake (10 = 10×)'],
        ['productLine', 'Product line (empty: any)'],
      ];
    case 'login_streak':
      return [['target', 'Days in a row']];
    case 'first_use':
      return [
        ['target', 'Uses (1)'],
        ['feature', "Feature: a product line (LOTT, RNG …) or 'deposit'"],
      ];
  }
};

function MissionForm({ mission, onDone }: { mission: OperatorMission | null; onDone: () => void }) {
  const { draft, set } = useDraft(() => draftOf(mission));
  const save = useSaveMission();
  const text = (field: keyof Draft, label: string) => (
    <TextField
      key={field}
      label={label}
      name={field}
      value={draft[field]}
      testId={`mission-${field}`}
      onChange={(value) => {
        set({ [field]: value });
      }}
    />
  );
  return (
    <EditorForm
      heading={mission ? `Edit ${mission.title.en}` : 'New mission (saved as a draft)'}
      label="Mission"
      testId="mission"
      saving={save}
      onSubmit={() => {
        save.mutate({ id: mission?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
      }}
      onCancel={onDone}
    >
      {text('titleEn', 'Title (English)')}
      {text('titleUr', 'Title (Urdu)')}
      {text('descriptionEn', 'Description')}
      <EditorSelect
        label="Kind"
        value={draft.kind}
        options={missionKinds}
        testId="mission-kind"
        onChange={(kind) => {
          set({ kind });
        }}
      />
      <EditorSelect
        label="Cadence"
        value={draft.cadence}
        options={missionCadences}
        testId="mission-cadence"
        onChange={(cadence) => {
          set({ cadence });
        }}
      />
      {kindFields(draft.kind).map(([field, label]) => text(field, label))}
      <EditorSelect
        label="Reward"
        value={draft.rewardKind}
        options={missionRewardKinds}
        testId="mission-rewardKind"
        onChange={(rewardKind) => {
          set({ rewardKind });
        }}
      />
      {text('rewardAmount', draft.rewardKind === 'points' ? 'Reward points' : 'Reward amount')}
      {draft.rewardKind === 'bonus' && text('rewardTurnoverMultiplier', 'Bonus turnover multiplier')}
      {text('missionPoints', 'Mission points (leaderboards)')}
    </EditorForm>
  );
}

/** Missions of the brand: list, create and edit (admins), status moves (draft → live ⇄ paused → ended). */
export const MissionsPage = () => {
  const canManage = useCan()('loyalty.manage');
  const missions = useMissions();
  const status = useMissionStatus();
  const editing = useEditing<OperatorMission>();
  const list = missions.data?.missions ?? [];
  const currency = missions.data?.currency ?? '';
  return (
    <section aria-labelledby="missions-title">
      <h1 id="missions-title">Missions</h1>
      <ErrorMessage error={missions.error} testId="missions-error" />
      <ErrorMessage error={status.error} testId="mission-status-error" />
      {canManage && editing.current === null && (
        <EditorNewButton testId="mission-new" onClick={editing.startNew}>
          New mission
        </EditorNewButton>
      )}
      <EditorPanel editing={editing} keyOf={(mission) => mission.id}>
        {(mission, onDone) => <MissionForm mission={mission} onDone={onDone} />}
      </EditorPanel>
      <ListTable
        testId="missions-table"
        columns={columns}
        isLoading={missions.isPending}
        isEmpty={missions.isSuccess && list.length === 0}
        emptyMessage="No missions yet."
        emptyTestId="missions-empty"
      >
        {list.map((mission) => (
          <tr key={mission.id} data-testid={`mission-row-${mission.id}`}>
            <td>{mission.title.en}</td>
            <td>
              {mission.kind} · {mission.cadence}
            </td>
            <td>{mission.target}</td>
            <td>
              {mission.rewardKind === 'points'
                ? `${mission.rewardAmount} points`
                : `${currency} ${mission.rewardAmount} ${mission.rewardKind}`}
            </td>
            <td>{mission.missionPoints}</td>
            <td>{mission.status}</td>
            <EditorLifecycleActions
              canEdit={canManage}
              moves={nextStatuses[mission.status]}
              labelOf={(next) => (next === 'live' ? 'Go live' : next === 'paused' ? 'Pause' : 'End')}
              testId={`mission-${mission.id}`}
              isPending={status.isPending}
              onEdit={() => {
                editing.edit(mission);
              }}
              onMove={(next) => {
                status.mutate({ id: mission.id, status: next });
              }}
            />
          </tr>
        ))}
      </ListTable>
    </section>
  );
};
