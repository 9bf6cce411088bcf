import { staffUploadLimits } from '@wps/contracts/uploads';
import { type ChangeEvent, type SyntheticEvent, useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { ProofImage } from '../../components/proof-image';
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
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after removing it uploads it again.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (stored) => {
        onChange(stored.id);
      },
    });
  };
  return (
    <div data-testid="vip-level-icon">
      <label>
        Icon (png, jpg or webp; empty: none)
        <input
          type="file"
          accept={staffUploadLimits.contentTypes.join(',')}
          onChange={choose}
          disabled={upload.isPending}
          data-testid="vip-level-icon-file"
        />
      </label>
      {upload.isPending ? <span className="muted">Uploading…</span> : null}
      {uploadId === '' ? null : (
        <div className="row-actions">
          <ProofImage uploadId={uploadId} label="Level icon" testId="vip-level-icon-preview" />
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
  const [draft, setDraft] = useState(() => draftOf(level, nextRank));
  const save = useSaveVipLevel();
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate({ id: level?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
  };
  return (
    <form className="form" onSubmit={onSubmit} data-testid="vip-level-form" aria-label="VIP level">
      <h2>{level ? `Edit ${level.name.en}` : 'New level'}</h2>
      {fieldLabels.map(([field, label]) => (
        <label key={field}>
          {label}
          <input
            name={field}
            value={draft[field]}
            data-testid={`vip-level-${field}`}
            onChange={(event) => {
              setDraft({ ...draft, [field]: event.target.value });
            }}
          />
        </label>
      ))}
      <IconField
        uploadId={draft.iconUploadId}
        onChange={(iconUploadId) => {
          setDraft((current) => ({ ...current, iconUploadId }));
        }}
      />
      <ErrorMessage error={save.error} testId="vip-level-error" />
      <div className="row-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          data-testid="vip-level-save"
        >
          Save
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
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
      <label>
        Username
        <input
          value={username}
          data-testid="vip-member-username"
          onChange={(event) => {
            setUsername(event.target.value);
          }}
        />
      </label>
      <label>
        Rank
        <input
          value={rank}
          inputMode="numeric"
          data-testid="vip-member-rank"
          onChange={(event) => {
            setRank(event.target.value);
          }}
        />
      </label>
      <label>
        Reason
        <input
          value={reason}
          data-testid="vip-member-reason"
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>
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
  const [editing, setEditing] = useState<VipLevelAdmin | 'new' | null>(null);
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
            <td className="row-actions">
              {canManage ? (
                <button
                  type="button"
                  className="button"
                  data-testid={`vip-level-edit-${level.rank}`}
                  onClick={() => {
                    setEditing(level);
                  }}
                >
                  Edit
                </button>
              ) : null}
              {canManage && level.members === 0 ? (
                <button
                  type="button"
                  className="button button--danger"
                  data-testid={`vip-level-delete-${level.rank}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete ${level.name.en}?`)) remove.mutate(level.id);
                  }}
                >
                  Delete
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {canManage && editing === null ? (
        <button
          type="button"
          className="button button--primary"
          data-testid="vip-level-new"
          onClick={() => {
            setEditing('new');
          }}
        >
          New level
        </button>
      ) : null}
      {editing === null ? null : (
        <LevelForm
          key={editing === 'new' ? 'new' : editing.id}
          level={editing === 'new' ? null : editing}
          nextRank={nextRank}
          onDone={() => {
            setEditing(null);
          }}
        />
      )}
      {can('members.edit') ? <MemberLevelForm /> : null}
    </section>
  );
};
