import { type SyntheticEvent, useState } from 'react';
import { EditorForm, EditorTextFields, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { EditorUploadInput } from '../../components/editor-upload-input';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ProofImage, uploadPath } from '../../components/proof-image';
import { TextField } from '../../components/shared-field';
import { useCan } from '../session/api';
import {
  useDeleteVipLevel,
  useSaveVipLevel,
  useSetMemberVipLevel,
  useUploadVipLevelIcon,
  useVipLevels,
  type VipLevelAdmin,
  type VipLevelBody,
} from './vip-levels-api';

const columns = ['Rank', 'Name', 'Deposit / valid bet', 'Keep', 'Bonuses', 'Withdrawals', 'Members', ''];

/** Rates as the operator types them: "RNG=0.8, LIVE=0.5". */
const ratesText = (rates: Record<string, string>): string =>
  Object.entries(rates)
    .map(([line, rate]) => `${line}=${rate}`)
    .join(', ');
const parseRates = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split('=').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && pair[0] !== '' && pair[1] !== ''),
  );

type Draft = Record<
  | 'rank'
  | 'nameEn'
  | 'nameUr'
  | 'depositThreshold'
  | 'validBetThreshold'
  | 'keepPeriod'
  | 'keepDeposit'
  | 'keepValidBet'
  | 'levelUpBonus'
  | 'monthlyBonus'
  | 'birthdayBonus'
  | 'bonusTurnoverMultiplier'
  | 'pointRates'
  | 'rebateRates'
  | 'dailyWithdrawalCount'
  | 'dailyWithdrawalAmount'
  | 'managerContact'
  | 'iconUploadId',
  string
>;

const draftOf = (level: VipLevelAdmin | null, nextRank: number): Draft => ({
  rank: String(level?.rank ?? nextRank),
  nameEn: level?.name.en ?? '',
  nameUr: level?.name.ur ?? '',
  depositThreshold: level?.depositThreshold ?? '0',
  validBetThreshold: level?.validBetThreshold ?? '0',
  keepPeriod: level?.keepPeriod ?? 'month',
  keepDeposit: level?.keepDeposit ?? '0',
  keepValidBet: level?.keepValidBet ?? '0',
  levelUpBonus: level?.levelUpBonus ?? '0',
  monthlyBonus: level?.monthlyBonus ?? '0',
  birthdayBonus: level?.birthdayBonus ?? '0',
  bonusTurnoverMultiplier: String(level?.bonusTurnoverMultiplier ?? 1),
  pointRates: ratesText(level?.pointRates ?? {}),
  rebateRates: ratesText(level?.rebateRates ?? {}),
  dailyWithdrawalCount: level?.dailyWithdrawalCount === null ? '' : String(level?.dailyWithdrawalCount ?? ''),
  dailyWithdrawalAmount: level?.dailyWithdrawalAmount ?? '',
  managerContact: level?.managerContact ?? '',
  iconUploadId: level?.iconUploadId ?? '',
});

const bodyOf = (draft: Draft): VipLevelBody => ({
  rank: Number(draft.rank),
  name: draft.nameUr.trim() === '' ? { en: draft.nameEn } : { en: draft.nameEn, ur: draft.nameUr },
  depositThreshold: draft.depositThreshold.trim(),
  validBetThreshold: draft.validBetThreshold.trim(),
  keepPeriod: draft.keepPeriod === 'quarter' ? 'quarter' : 'month',
  keepDeposit: draft.keepDeposit.trim(),
  keepValidBet: draft.keepValidBet.trim(),
  levelUpBonus: draft.levelUpBonus.trim(),
  monthlyBonus: draft.monthlyBonus.trim(),
  birthdayBonus: draft.birthdayBonus.trim(),
  bonusTurnoverMultiplier: Number(draft.bonusTurnoverMultiplier),
  pointRates: parseRates(draft.pointRates),
  rebateRates: parseRates(draft.rebateRates),
  dailyWithdrawalCount: draft.dailyWithdrawalCount.trim() === '' ? null : Number(draft.dailyWithdrawalCount),
  dailyWithdrawalAmount:
    draft.dailyWithdrawalAmount.trim() === '' ? null : draft.dailyWithdrawalAmount.trim(),
  managerContact: draft.managerContact.trim() === '' ? null : draft.managerContact.trim(),
  iconUploadId: draft.iconUploadId === '' ? null : draft.iconUploadId,
});

const fieldLabels: readonly [keyof Draft, string][] = [
  ['rank', 'Rank'],
  ['nameEn', 'Name (English)'],
  ['nameUr', 'Name (Urdu)'],
  ['depositThreshold', 'Lifetime deposit to reach'],
  ['validBetThreshold', 'Lifetime valid bet to reach'],
  ['keepPeriod', 'Keep period (month or quarter)'],
  ['keepDeposit', 'Deposit to keep, per period'],
  ['keepValidBet', 'Valid bet to keep, per period'],
  ['levelUpBonus', 'Level-up bonus'],
  ['monthlyBonus', 'Monthly bonus'],
  ['birthdayBonus', 'Birthday bonus'],
  ['bonusTurnoverMultiplier', 'Bonus turnover multiplier'],
  ['pointRates', 'Points per unit of valid bet (RNG=1, LIVE=0.5)'],
  ['rebateRates', 'Rebate % (RNG=0.8)'],
  ['dailyWithdrawalCount', 'Withdrawals per day (empty: brand default)'],
  ['dailyWithdrawalAmount', 'Withdrawal amount per day (empty: brand default)'],
  ['managerContact', 'Personal manager contact'],
];

/** The level's icon: a chosen file is uploaded at once and its id kept in the form; a preview; a way to drop it. */
function IconField({ uploadId, onChange }: { uploadId: string; onChange: (uploadId: string) => void }) {
  const upload = useUploadVipLevelIcon();
  return (
    <div data-testid="vip-level-icon">
      <EditorUploadInput
        label="Icon (png, jpg or webp; empty: none)"
        upload={upload}
        testId="vip-level-icon-file"
        onUploaded={(stored) => {
          onChange(stored.id);
        }}
      />
      {uploadId === '' ? null : (
        <div className="row-actions">
          <ProofImage path={uploadPath(uploadId)} label="Level icon" testId="vip-level-icon-preview" />
          <button
            type="button"
            className="button"
            data-testid="vip-level-icon-remove"
            onClick={() => {
              onChange('');
            }}
          >
            Remove icon
          </button>
        </div>
      )}
      <ErrorMessage error={upload.error} testId="vip-level-icon-error" />
    </div>
  );
}

function LevelForm({
  level,
  nextRank,
  onDone,
}: {
  level: VipLevelAdmin | null;
  nextRank: number;
  onDone: () => void;
}) {
  const { draft, set } = useDraft(() => draftOf(level, nextRank));
  const save = useSaveVipLevel();
  return (
    <EditorForm
      heading={level ? `Edit ${level.name.en}` : 'New level'}
      label="VIP level"
      testId="vip-level"
      saving={save}
      onSubmit={() => {
        save.mutate({ id: level?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
      }}
      onCancel={onDone}
    >
      <EditorTextFields
        fields={fieldLabels}
        values={draft}
        testId="vip-level"
        onChange={(field, value) => {
          set({ [field]: value });
        }}
      />
      <IconField
        uploadId={draft.iconUploadId}
        onChange={(iconUploadId) => {
          set({ iconUploadId });
        }}
      />
    </EditorForm>
  );
}

function MemberLevelForm() {
  const [username, setUsername] = useState('');
  const [rank, setRank] = useState('0');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const setLevel = useSetMemberVipLevel();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setLevel.mutate(
      { username: username.trim(), rank: Number(rank), reason: reason.trim(), requestId },
      {
        onSuccess: () => {
          setRequestId(crypto.randomUUID());
          setReason('');
        },
      },
    );
  };
  return (
    <form
      className="form"
      onSubmit={onSubmit}
      aria-label="Set a member's level"
      data-testid="vip-member-form"
    >
      <h2>Set a member&apos;s level</h2>
      <TextField label="Username" value={username} testId="vip-member-username" onChange={setUsername} />
      <TextField label="Rank" value={rank} inputMode="numeric" testId="vip-member-rank" onChange={setRank} />
      <TextField label="Reason" value={reason} testId="vip-member-reason" onChange={setReason} />
      <ErrorMessage error={setLevel.error} testId="vip-member-error" />
      {setLevel.data ? (
        <p role="status" data-testid="vip-member-done">
          {setLevel.data.username}: rank {setLevel.data.fromRank} → {setLevel.data.toRank}
        </p>
      ) : null}
      <button
        type="submit"
        className="button button--primary"
        disabled={setLevel.isPending}
        data-testid="vip-member-save"
      >
        Set level
      </button>
    </form>
  );
}

/** VIP levels of the brand: the ladder, create and edit (admins), and a member's level set by hand. */
export const VipLevelsPage = () => {
  const can = useCan();
  const canManage = can('loyalty.manage');
  const levels = useVipLevels();
  const remove = useDeleteVipLevel();
  const editing = useEditing<VipLevelAdmin>();
  const list = levels.data?.levels ?? [];
  const currency = levels.data?.currency ?? '';
  const nextRank = (list.at(-1)?.rank ?? -1) + 1;
  return (
    <section aria-labelledby="vip-levels-title">
      <h1 id="vip-levels-title">VIP levels</h1>
      <ErrorMessage error={levels.error} testId="vip-levels-error" />
      <ErrorMessage error={remove.error} testId="vip-level-delete-error" />
      <ListTable
        testId="vip-levels-table"
        columns={columns}
        isLoading={levels.isPending}
        isEmpty={levels.isSuccess && list.length === 0}
        emptyMessage="No VIP levels yet."
        emptyTestId="vip-levels-empty"
      >
        {list.map((level) => (
          <tr key={level.id} data-testid={`vip-level-row-${level.rank}`}>
            <td>{level.rank}</td>
            <td>
              {level.name.en}
              {level.name.ur ? <div className="muted">{level.name.ur}</div> : null}
            </td>
            <td>
              {currency} {level.depositThreshold} / {level.validBetThreshold}
            </td>
            <td>
              {level.keepPeriod}: {level.keepDeposit} / {level.keepValidBet}
            </td>
            <td>
              up {level.levelUpBonus} · monthly {level.monthlyBonus} · birthday {level.birthdayBonus} (×
              {level.bonusTurnoverMultiplier})
            </td>
            <td>
              {level.dailyWithdrawalCount === null ? 'brand default' : `${level.dailyWithdrawalCount}/day`}
              {level.dailyWithdrawalAmount === null ? null : ` · ${level.dailyWithdrawalAmount}`}
            </td>
            <td>{level.members}</td>
            <EditorRowActions
              canEdit={canManage}
              edit={{
                testId: `vip-level-edit-${level.rank}`,
                onClick: () => {
                  editing.edit(level);
                },
              }}
              remove={
                level.members === 0
                  ? {
                      testId: `vip-level-delete-${level.rank}`,
                      question: `Delete ${level.name.en}?`,
                      isPending: remove.isPending,
                      onConfirm: () => {
                        remove.mutate(level.id);
                      },
                    }
                  : undefined
              }
            />
          </tr>
        ))}
      </ListTable>
      {canManage && editing.current === null ? (
        <EditorNewButton testId="vip-level-new" onClick={editing.startNew}>
          New level
        </EditorNewButton>
      ) : null}
      <EditorPanel editing={editing} keyOf={(level) => level.id}>
        {(level, onDone) => <LevelForm level={level} nextRank={nextRank} onDone={onDone} />}
      </EditorPanel>
      {can('members.edit') ? <MemberLevelForm /> : null}
    </section>
  );
};
