import {
  type AdminAnnouncement,
  type AnnouncementType,
  announcementInputSchema,
  announcementTypes,
  type Execution,
  executions,
} from '@wps/contracts/content';
import { useState } from 'react';
import { EditorSegmented, EditorSelect } from '../../components/editor-choice';
import { EditorDialogForm, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { EditorScheduleFields } from '../../components/editor-schedule-fields';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { CheckboxField } from '../../components/shared-field';
import { useCan } from '../session/api';
import { type AnnouncementBody, useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from './api';
import { checkBody, Field, type FieldErrors, isLive, scheduleText } from './content-form';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import './content.css';

/** What each kind is on the site (spec: types PL, PU, PR, H; B, the banners, have their own screen). */
export const announcementTypeLabels: Record<AnnouncementType, string> = {
  PL: 'Marquee notices (PL)',
  PU: 'Popups (PU)',
  PR: 'Promotion notices (PR)',
  H: 'Help-centre notices (H)',
};

/** Who sees it (the popup is shown to its audience; the other kinds to everyone). */
export const executionLabels: Record<Execution, string> = {
  A: 'Members (logged in)',
  B: 'Guests (not logged in)',
  F: 'Members at their first login',
};

const columns = ['Title', 'Language', 'Target', 'Schedule', 'Status', ''];

type Draft = {
  type: AnnouncementType;
  title: string;
  content: string;
  startDate: string;
  endDate: string;
  execution: Execution;
  promotionType: string;
  language: string;
  isEnabled: boolean;
};

const draftOf = (announcement: AdminAnnouncement | null, type: AnnouncementType): Draft => ({
  type: announcement?.type ?? type,
  title: announcement?.title ?? '',
  content: announcement?.content ?? '',
  startDate: toLocalInput(announcement?.startDate ?? null),
  endDate: toLocalInput(announcement?.endDate ?? null),
  execution: announcement?.execution ?? 'B',
  promotionType: announcement?.promotionType ?? '',
  language: announcement?.language ?? 'ALL',
  isEnabled: announcement?.isEnabled ?? true,
});

const bodyOf = (draft: Draft): AnnouncementBody => ({
  type: draft.type,
  title: draft.title.trim(),
  content: draft.content,
  // A missing start is sent as an empty string, which the contract's check names ("startDate").
  startDate: fromLocalInput(draft.startDate) ?? '',
  endDate: fromLocalInput(draft.endDate),
  execution: draft.execution,
  promotionType: draft.promotionType.trim() === '' ? null : draft.promotionType.trim(),
  language: draft.language.trim(),
  isEnabled: draft.isEnabled,
});

function AnnouncementForm({
  announcement,
  type,
  onDone,
}: {
  announcement: AdminAnnouncement | null;
  type: AnnouncementType;
  onDone: () => void;
}) {
  const { draft, set } = useDraft(() => draftOf(announcement, type));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveAnnouncement();
  const onSubmit = () => {
    const body = bodyOf(draft);
    const check = checkBody(announcementInputSchema, body);
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) save.mutate({ id: announcement?.id ?? null, body }, { onSuccess: onDone });
  };
  return (
    <EditorDialogForm
      title={announcement ? `Edit ${announcement.title}` : 'New announcement'}
      className="form content-form"
      testId="announcement"
      saving={save}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <EditorSelect
        label="Kind"
        value={draft.type}
        options={announcementTypes}
        optionLabels={announcementTypeLabels}
        testId="announcement-type"
        onChange={(value) => {
          set({ type: value });
        }}
      />
      <EditorSelect
        label="Target"
        value={draft.execution}
        options={executions}
        optionLabels={executionLabels}
        testId="announcement-execution"
        onChange={(value) => {
          set({ execution: value });
        }}
      />
      <Field label="Language (ALL, EN, UR …)" error={errors.language} testId="announcement-language">
        <input
          value={draft.language}
          data-testid="announcement-language"
          onChange={(event) => {
            set({ language: event.target.value });
          }}
        />
      </Field>
      {draft.type === 'PR' ? (
        <Field label="Promotion type" error={errors.promotionType} testId="announcement-promotionType">
          <input
            value={draft.promotionType}
            data-testid="announcement-promotionType"
            onChange={(event) => {
              set({ promotionType: event.target.value });
            }}
          />
        </Field>
      ) : null}
      <div className="wide">
        <Field label="Title" error={errors.title} testId="announcement-title">
          <input
            value={draft.title}
            dir="auto"
            data-testid="announcement-title"
            onChange={(event) => {
              set({ title: event.target.value });
            }}
          />
        </Field>
      </div>
      <div className="wide">
        <Field
          label="Content (HTML; sanitised when saved)"
          error={errors.content}
          testId="announcement-content"
        >
          <textarea
            value={draft.content}
            dir="auto"
            data-testid="announcement-content"
            onChange={(event) => {
              set({ content: event.target.value });
            }}
          />
        </Field>
      </div>
      <EditorScheduleFields
        testId="announcement"
        start={{ name: 'startDate', label: 'Starts' }}
        end={{ name: 'endDate', label: 'Ends (empty: no end)' }}
        values={draft}
        errors={errors}
        onChange={(name, value) => {
          set({ [name]: value });
        }}
      />
      <CheckboxField
        label="Enabled"
        checked={draft.isEnabled}
        testId="announcement-isEnabled"
        onChange={(isEnabled) => {
          set({ isEnabled });
        }}
      />
    </EditorDialogForm>
  );
}

/**
 * The brand's notices and announcements, a kind at a time (the marquee, popups, promotion and help notices),
 * with their schedule and target; changed with content.edit.
 */
export const AnnouncementsPage = () => {
  const canEdit = useCan()('content.edit');
  const announcements = useAnnouncements();
  const remove = useDeleteAnnouncement();
  const [type, setType] = useState<AnnouncementType>('PL');
  const editing = useEditing<AdminAnnouncement>();
  const list = (announcements.data?.list ?? [])
    .filter((announcement) => announcement.type === type)
    .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  return (
    <section aria-labelledby="announcements-title">
      <div className="page-header">
        <h1 id="announcements-title">Notices and popups</h1>
        {canEdit ? (
          <EditorNewButton testId="announcement-new" onClick={editing.startNew}>
            New announcement
          </EditorNewButton>
        ) : null}
      </div>
      <EditorSegmented
        legend="Kind"
        value={type}
        options={announcementTypes}
        optionLabels={announcementTypeLabels}
        testId="announcement-types"
        optionTestId="announcement-kind"
        onChange={setType}
      />
      <ErrorMessage error={announcements.error} testId="announcements-error" />
      <ErrorMessage error={remove.error} testId="announcement-delete-error" />
      <ListTable
        testId="announcements-table"
        columns={columns}
        isLoading={announcements.isPending}
        isEmpty={announcements.isSuccess && list.length === 0}
        emptyMessage="Nothing of this kind yet."
        emptyTestId="announcements-empty"
      >
        {list.map((announcement) => (
          <tr key={announcement.id} data-testid={`announcement-row-${announcement.id}`}>
            <td dir="auto">{announcement.title}</td>
            <td>{announcement.language}</td>
            <td>{executionLabels[announcement.execution]}</td>
            <td>{scheduleText(announcement.startDate, announcement.endDate)}</td>
            <td>
              {isLive({
                isEnabled: announcement.isEnabled,
                from: announcement.startDate,
                to: announcement.endDate,
              })
                ? 'Showing'
                : announcement.isEnabled
                  ? 'Scheduled / ended'
                  : 'Disabled'}
            </td>
            <EditorRowActions
              canEdit={canEdit}
              edit={{
                testId: `announcement-edit-${announcement.id}`,
                onClick: () => {
                  editing.edit(announcement);
                },
              }}
              remove={{
                testId: `announcement-delete-${announcement.id}`,
                question: `Delete "${announcement.title}"?`,
                isPending: remove.isPending,
                onConfirm: () => {
                  remove.mutate(announcement.id);
                },
              }}
            />
          </tr>
        ))}
      </ListTable>
      <EditorPanel editing={editing} keyOf={(announcement) => announcement.id}>
        {(announcement, onDone) => (
          <AnnouncementForm announcement={announcement} type={type} onDone={onDone} />
        )}
      </EditorPanel>
    </section>
  );
};
