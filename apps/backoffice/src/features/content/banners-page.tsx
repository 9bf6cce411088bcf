import {
  type AdminBanner,
  type BannerGroup,
  bannerGroups,
  bannerImagePath,
  bannerInputSchema,
  linkageTypes,
} from '@wps/contracts/content';
import { useEffect, useState } from 'react';
import { EditorSegmented, EditorSelect } from '../../components/editor-choice';
import { EditorDialogForm, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { EditorScheduleFields } from '../../components/editor-schedule-fields';
import { EditorUploadInput } from '../../components/editor-upload-input';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { CheckboxField } from '../../components/shared-field';
import { useCan } from '../session/api';
import { type BannerBody, useBanners, useDeleteBanner, useSaveBanner, useUploadBannerImage } from './api';
import { checkBody, Field, type FieldErrors, isLive, scheduleText } from './content-form';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import './content.css';

const columns = ['Picture', 'Title', 'Language', 'Order', 'Link', 'Schedule', 'Status', ''];

/** Where each group shows on the site. */
const groupLabels: Record<BannerGroup, string> = {
  w_home: 'Home carousel (w_home)',
  w_login: 'Login (w_login)',
  w_register: 'Register (w_register)',
  w_leftmenu: 'Side menu (w_leftmenu)',
  w_forget: 'Forgot password (w_forget)',
};

type Draft = {
  groupName: BannerGroup;
  imageUrl: string;
  linkageType: '' | (typeof linkageTypes)[number];
  linkUrl: string;
  title: string;
  language: string;
  sortOrder: string;
  activeFrom: string;
  activeTo: string;
  isEnabled: boolean;
};

const draftOf = (banner: AdminBanner | null, groupName: BannerGroup): Draft => ({
  groupName: banner?.groupName ?? groupName,
  imageUrl: banner?.imageUrl ?? '',
  linkageType: banner?.linkageType ?? '',
  linkUrl: banner?.linkUrl ?? '',
  title: banner?.title ?? '',
  language: banner?.language ?? 'ALL',
  sortOrder: String(banner?.sortOrder ?? 0),
  activeFrom: toLocalInput(banner?.activeFrom ?? null),
  activeTo: toLocalInput(banner?.activeTo ?? null),
  isEnabled: banner?.isEnabled ?? true,
});

const bodyOf = (draft: Draft): BannerBody => ({
  groupName: draft.groupName,
  imageUrl: draft.imageUrl.trim(),
  linkageType: draft.linkageType === '' ? null : draft.linkageType,
  linkUrl: draft.linkageType === '' ? null : draft.linkUrl.trim(),
  title: draft.title.trim(),
  language: draft.language.trim(),
  sortOrder: Number(draft.sortOrder),
  activeFrom: fromLocalInput(draft.activeFrom),
  activeTo: fromLocalInput(draft.activeTo),
  isEnabled: draft.isEnabled,
});

/**
 * The banner's picture: a site path or https URL typed in, or a file uploaded at once (those who may upload
 * operator pictures) whose path the banner keeps; previewed either way.
 */
function PictureField({
  imageUrl,
  error,
  canUpload,
  onChange,
}: {
  imageUrl: string;
  error: string | undefined;
  canUpload: boolean;
  onChange: (imageUrl: string) => void;
}) {
  const upload = useUploadBannerImage();
  // The chosen file, shown at once from the browser's copy (the site serves it only once a banner shows it).
  const [localPreview, setLocalPreview] = useState<{ imageUrl: string; objectUrl: string } | null>(null);
  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview.objectUrl);
    },
    [localPreview],
  );
  const preview = localPreview?.imageUrl === imageUrl ? localPreview.objectUrl : imageUrl.trim();
  return (
    <div className="content-picture" data-testid="banner-picture">
      <Field label="Picture (a site path /… or an https URL)" error={error} testId="banner-imageUrl">
        <input
          value={imageUrl}
          data-testid="banner-imageUrl"
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      </Field>
      {canUpload ? (
        <EditorUploadInput
          label="Or upload a picture (png, jpg or webp, at most 5 MB)"
          upload={upload}
          testId="banner-file"
          onUploaded={(stored, file) => {
            const path = bannerImagePath(stored.id);
            setLocalPreview({ imageUrl: path, objectUrl: URL.createObjectURL(file) });
            onChange(path);
          }}
        />
      ) : null}
      <ErrorMessage error={upload.error} testId="banner-upload-error" />
      {/^(\/[^/\\]|https:\/\/|blob:)/.test(preview) ? (
        <img className="content-picture__preview" src={preview} alt="Preview" data-testid="banner-preview" />
      ) : null}
    </div>
  );
}

function BannerForm({
  banner,
  groupName,
  onDone,
}: {
  banner: AdminBanner | null;
  groupName: BannerGroup;
  onDone: () => void;
}) {
  const can = useCan();
  const { draft, set } = useDraft(() => draftOf(banner, groupName));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveBanner();
  const onSubmit = () => {
    const body = bodyOf(draft);
    const check = checkBody(bannerInputSchema, body);
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) save.mutate({ id: banner?.id ?? null, body }, { onSuccess: onDone });
  };
  return (
    <EditorDialogForm
      title={banner ? `Edit banner ${banner.title}` : 'New banner'}
      className="form content-form"
      testId="banner"
      saving={save}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <EditorSelect
        label="Group"
        value={draft.groupName}
        options={bannerGroups}
        optionLabels={groupLabels}
        testId="banner-groupName"
        onChange={(value) => {
          set({ groupName: value });
        }}
      />
      <Field label="Title (alternative text)" error={errors.title} testId="banner-title">
        <input
          value={draft.title}
          data-testid="banner-title"
          onChange={(event) => {
            set({ title: event.target.value });
          }}
        />
      </Field>
      <Field label="Language (ALL, EN, UR …)" error={errors.language} testId="banner-language">
        <input
          value={draft.language}
          data-testid="banner-language"
          onChange={(event) => {
            set({ language: event.target.value });
          }}
        />
      </Field>
      <Field label="Order (lower first)" error={errors.sortOrder} testId="banner-sortOrder">
        <input
          type="number"
          min={0}
          value={draft.sortOrder}
          data-testid="banner-sortOrder"
          onChange={(event) => {
            set({ sortOrder: event.target.value });
          }}
        />
      </Field>
      <PictureField
        imageUrl={draft.imageUrl}
        error={errors.imageUrl}
        canUpload={can('promotions.manage')}
        onChange={(imageUrl) => {
          set({ imageUrl });
        }}
      />
      <label>
        A click
        <select
          value={draft.linkageType}
          data-testid="banner-linkageType"
          onChange={(event) => {
            const type = linkageTypes.find((value) => value === event.target.value);
            set({ linkageType: type ?? '' });
          }}
        >
          <option value="">does nothing</option>
          <option value="ROUTE">opens a page of the site</option>
          <option value="URL">opens another site in a new tab</option>
        </select>
      </label>
      {draft.linkageType === '' ? null : (
        <Field
          label={draft.linkageType === 'ROUTE' ? 'Site path (/promotion …)' : 'https URL'}
          error={errors.linkUrl}
          testId="banner-linkUrl"
        >
          <input
            value={draft.linkUrl}
            data-testid="banner-linkUrl"
            onChange={(event) => {
              set({ linkUrl: event.target.value });
            }}
          />
        </Field>
      )}
      <EditorScheduleFields
        testId="banner"
        start={{ name: 'activeFrom', label: 'Shows from (empty: at once)' }}
        end={{ name: 'activeTo', label: 'Shows until (empty: no end)' }}
        values={draft}
        errors={errors}
        onChange={(name, value) => {
          set({ [name]: value });
        }}
      />
      <CheckboxField
        label="Enabled"
        checked={draft.isEnabled}
        testId="banner-isEnabled"
        onChange={(isEnabled) => {
          set({ isEnabled });
        }}
      />
    </EditorDialogForm>
  );
}

/** The brand's banners, a group at a time: their pictures, order, schedule and links; changed with content.edit. */
export const BannersPage = () => {
  const canEdit = useCan()('content.edit');
  const banners = useBanners();
  const remove = useDeleteBanner();
  const [group, setGroup] = useState<BannerGroup>('w_home');
  const editing = useEditing<AdminBanner>();
  const list = (banners.data?.list ?? [])
    .filter((banner) => banner.groupName === group)
    .sort((a, b) => a.sortOrder - b.sortOrder || Number(a.id) - Number(b.id));
  return (
    <section aria-labelledby="banners-title">
      <div className="page-header">
        <h1 id="banners-title">Banners</h1>
        {canEdit ? (
          <EditorNewButton testId="banner-new" onClick={editing.startNew}>
            New banner
          </EditorNewButton>
        ) : null}
      </div>
      <EditorSegmented
        legend="Group"
        value={group}
        options={bannerGroups}
        optionLabels={groupLabels}
        testId="banner-groups"
        optionTestId="banner-group"
        onChange={setGroup}
      />
      <ErrorMessage error={banners.error} testId="banners-error" />
      <ErrorMessage error={remove.error} testId="banner-delete-error" />
      <ListTable
        testId="banners-table"
        columns={columns}
        isLoading={banners.isPending}
        isEmpty={banners.isSuccess && list.length === 0}
        emptyMessage="No banners in this group yet."
        emptyTestId="banners-empty"
      >
        {list.map((banner) => (
          <tr key={banner.id} data-testid={`banner-row-${banner.id}`}>
            <td>
              <img className="content-thumbnail" src={banner.imageUrl} alt={banner.title} />
            </td>
            <td>{banner.title}</td>
            <td>{banner.language}</td>
            <td className="number">{banner.sortOrder}</td>
            <td>{banner.linkageType === null ? '-' : `${banner.linkageType} ${banner.linkUrl ?? ''}`}</td>
            <td>{scheduleText(banner.activeFrom, banner.activeTo)}</td>
            <td>
              {isLive({ isEnabled: banner.isEnabled, from: banner.activeFrom, to: banner.activeTo })
                ? 'Showing'
                : banner.isEnabled
                  ? 'Scheduled / ended'
                  : 'Disabled'}
            </td>
            <EditorRowActions
              canEdit={canEdit}
              edit={{
                testId: `banner-edit-${banner.id}`,
                onClick: () => {
                  editing.edit(banner);
                },
              }}
              remove={{
                testId: `banner-delete-${banner.id}`,
                question: `Delete the banner "${banner.title}"?`,
                isPending: remove.isPending,
                onConfirm: () => {
                  remove.mutate(banner.id);
                },
              }}
            />
          </tr>
        ))}
      </ListTable>
      <EditorPanel editing={editing} keyOf={(banner) => banner.id}>
        {(banner, onDone) => <BannerForm banner={banner} groupName={group} onDone={onDone} />}
      </EditorPanel>
    </section>
  );
};
