import { EditorForm, EditorTextFields, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { EditorUploadInput } from '../../components/editor-upload-input';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useUploadPromotionImage } from '../promotions/api';
import { useCan } from '../session/api';
import { type AdminMallItem, type MallItemBody, useMallItems, useSaveMallItem } from './points-api';
import { PointsSettingsPanel } from './points-settings-panel';

const columns = ['Item', 'Kind', 'Points', 'Gives', 'Stock', 'Per member', 'Min. VIP rank', 'Status', ''];

type Draft = Record<
  | 'kind'
  | 'nameEn'
  | 'nameUr'
  | 'descriptionEn'
  | 'descriptionUr'
  | 'imageUploadId'
  | 'pointsCost'
  | 'amount'
  | 'turnoverMultiplier'
  | 'spins'
  | 'spinStake'
  | 'stock'
  | 'perMemberLimit'
  | 'minimumVipRank'
  | 'status'
  | 'sortOrder',
  string
>;

const draftOf = (item: AdminMallItem | null): Draft => ({
  kind: item?.kind ?? 'bonus',
  nameEn: item?.name.en ?? '',
  nameUr: item?.name.ur ?? '',
  descriptionEn: item?.description.en ?? '',
  descriptionUr: item?.description.ur ?? '',
  imageUploadId: item?.imageUploadId ?? '',
  pointsCost: item?.pointsCost ?? '100',
  amount: item?.amount ?? '0',
  turnoverMultiplier: String(item?.turnoverMultiplier ?? 0),
  spins: String(item?.spins ?? 0),
  spinStake: item?.spinStake ?? '0',
  stock: item?.stock === null || item === null ? '' : String(item.stock),
  perMemberLimit: item?.perMemberLimit === null || item === null ? '' : String(item.perMemberLimit),
  minimumVipRank: String(item?.minimumVipRank ?? 0),
  status: item?.status ?? 'live',
  sortOrder: String(item?.sortOrder ?? 0),
});

const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));
const texts = (en: string, ur: string) => (ur.trim() === '' ? { en } : { en, ur });

const bodyOf = (draft: Draft): MallItemBody => ({
  kind: draft.kind === 'physical' || draft.kind === 'free_spins' ? draft.kind : 'bonus',
  name: texts(draft.nameEn, draft.nameUr),
  description: texts(draft.descriptionEn, draft.descriptionUr),
  imageUploadId: draft.imageUploadId.trim() === '' ? null : draft.imageUploadId.trim(),
  pointsCost: draft.pointsCost.trim(),
  amount: draft.amount.trim(),
  turnoverMultiplier: Number(draft.turnoverMultiplier),
  spins: Number(draft.spins),
  spinStake: draft.spinStake.trim(),
  stock: optionalNumber(draft.stock),
  perMemberLimit: optionalNumber(draft.perMemberLimit),
  minimumVipRank: Number(draft.minimumVipRank),
  status: draft.status === 'hidden' ? 'hidden' : 'live',
  sortOrder: Number(draft.sortOrder),
});

const fieldLabels: readonly [keyof Draft, string][] = [
  ['kind', 'Kind (bonus, free_spins or physical)'],
  ['nameEn', 'Name (English)'],
  ['nameUr', 'Name (Urdu)'],
  ['descriptionEn', 'Description (English)'],
  ['descriptionUr', 'Description (Urdu)'],
  ['pointsCost', 'Points cost'],
  ['amount', 'Bonus amount (bonus items)'],
  ['turnoverMultiplier', 'Turnover multiplier of the bonus'],
  ['spins', 'Spins (free spins items)'],
  ['spinStake', 'Stake per spin'],
  ['stock', 'Stock (empty: unlimited)'],
  ['perMemberLimit', 'Limit per member (empty: none)'],
  ['minimumVipRank', 'Lowest VIP rank that sees it'],
  ['status', 'Status (live or hidden)'],
  ['sortOrder', 'Sort order'],
];

function ItemForm({ item, onDone }: { item: AdminMallItem | null; onDone: () => void }) {
  const { draft, set } = useDraft(() => draftOf(item));
  const save = useSaveMallItem();
  // The same operator upload as a promotion's picture (png, jpg or webp); the item keeps its id.
  const upload = useUploadPromotionImage();
  return (
    <EditorForm
      heading={item ? `Edit ${item.name.en}` : 'New item'}
      label="Mall item"
      testId="mall-item"
      saving={save}
      onSubmit={() => {
        save.mutate({ id: item?.id ?? null, body: bodyOf(draft) }, { onSuccess: onDone });
      }}
      onCancel={onDone}
    >
      <EditorTextFields
        fields={fieldLabels}
        values={draft}
        testId="mall-item"
        onChange={(field, value) => {
          set({ [field]: value });
        }}
      />
      <EditorUploadInput
        label={`Picture ${draft.imageUploadId === '' ? '(none)' : `(${draft.imageUploadId})`}`}
        upload={upload}
        testId="mall-item-image"
        onUploaded={(uploaded) => {
          set({ imageUploadId: uploaded.id });
        }}
      />
      {draft.imageUploadId === '' ? null : (
        <button
          type="button"
          className="button"
          onClick={() => {
            set({ imageUploadId: '' });
          }}
        >
          Remove picture
        </button>
      )}
      <ErrorMessage error={upload.error} testId="mall-item-image-error" />
    </EditorForm>
  );
}

const givesOf = (item: AdminMallItem): string =>
  item.kind === 'bonus'
    ? `${item.amount} (×${item.turnoverMultiplier})`
    : item.kind === 'free_spins'
      ? `${item.spins} × ${item.spinStake} (×${item.turnoverMultiplier})`
      : 'shipped';

/** The points mall's catalogue (create and edit: admins), the points rules and manual adjustments. */
export const MallItemsPage = () => {
  const can = useCan();
  const canManage = can('loyalty.manage');
  const items = useMallItems();
  const editing = useEditing<AdminMallItem>();
  const list = items.data?.list ?? [];
  return (
    <section aria-labelledby="mall-items-title">
      <h1 id="mall-items-title">Points mall</h1>
      <ErrorMessage error={items.error} testId="mall-items-error" />
      <ListTable
        testId="mall-items-table"
        columns={columns}
        isLoading={items.isPending}
        isEmpty={items.isSuccess && list.length === 0}
        emptyMessage="No mall items yet."
        emptyTestId="mall-items-empty"
      >
        {list.map((item) => (
          <tr key={item.id} data-testid={`mall-item-row-${item.id}`}>
            <td>
              {item.name.en}
              {item.name.ur ? <div className="muted">{item.name.ur}</div> : null}
            </td>
            <td>{item.kind}</td>
            <td>{item.pointsCost}</td>
            <td>{givesOf(item)}</td>
            <td>{item.stock ?? 'unlimited'}</td>
            <td>{item.perMemberLimit ?? '-'}</td>
            <td>{item.minimumVipRank}</td>
            <td>{item.status}</td>
            <EditorRowActions
              canEdit={canManage}
              edit={{
                testId: `mall-item-edit-${item.id}`,
                onClick: () => {
                  editing.edit(item);
                },
              }}
            />
          </tr>
        ))}
      </ListTable>
      {canManage && editing.current === null ? (
        <EditorNewButton testId="mall-item-new" onClick={editing.startNew}>
          New item
        </EditorNewButton>
      ) : null}
      <EditorPanel editing={editing} keyOf={(item) => item.id}>
        {(item, onDone) => <ItemForm item={item} onDone={onDone} />}
      </EditorPanel>
      <PointsSettingsPanel canChangeSettings={canManage} canAdjustPoints={can('loyalty.adjust_points')} />
    </section>
  );
};
