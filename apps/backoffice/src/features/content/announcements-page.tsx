import {
  type AdminAnnouncement,
  type AnnouncementType,
  announcementInputSchema,
  announcementTypes,
  type Execution,
  executions,
} from '@wps/contracts/content';
import { type SyntheticEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import { type AnnouncementBody, useAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from './api';
import {
  checkBody,
  Field,
  type FieldErrors,
  fromLocalInput,
  isLive,
  scheduleText,
  toLocalInput,
} from './content-form';
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
  const [draft, setDraft] = useState(() => draftOf(announcement, type));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveAnnouncement();
  const set = (change: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...change }));
  };
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = bodyOf(draft);
    const check = checkBody(announcementInputSchema, body);
    setErrors(check.ok ? {} : check.errors);
    if (check.ok) save.mutate({ id: announcement?.id ?? null, body }, { onSuccess: onDone });
  };
  return (
    <Dialog title={announcement ? `Edit ${announcement.title}` : 'New announcement'} onClose={onDone} wide>
      <form className="form content-form" onSubmit={onSubmit} data-testid="announcement-form" noValidate>
        <label>
          Kind
          <select
            value={draft.type}
            data-testid="announcement-type"
            onChange={(event) => {
              const value = announcementTypes.find((kind) => kind === event.target.value);
              if (value) set({ type: value });
            }}
          >
            {announcementTypes.map((kind) => (
              <option key={kind} value={kind}>
                {announcementTypeLabels[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Target
          <select
            value={draft.execution}
            data-testid="announcement-execution"
            onChange={(event) => {
              const value = executions.find((audience) => audience === event.target.value);
              if (value) set({ execution: value });
            }}
          >
            {executions.map((audience) => (
              <option key={audience} value={audience}>
                {executionLabels[audience]}
              </option>
            ))}
          </select>
        </label>
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
        <Field label="Starts" error={errors.startDate} testId="announcement-startDate">
          <input
            type="datetime-local"
            value={draft.startDate}
            data-testid="announcement-startDate"
            onChange={(event) => {
              set({ startDate: event.target.value });
            }}
          />
        </Field>
        <Field label="Ends (empty: no end)" error={errors.endDate} testId="announcement-endDate">
          <input
            type="datetime-local"
            value={draft.endDate}
            data-testid="announcement-endDate"
            onChange={(event) => {
              set({ endDate: event.target.value });
            }}
          />
        </Field>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.isEnabled}
            data-testid="announcement-isEnabled"
            onChange={(event) => {
              set({ isEnabled: event.target.checked });
            }}
          />
          Enabled
        </label>
        <ErrorMessage error={save.error} testId="announcement-error" />
        <div className="row-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={save.isPending}
            data-testid="announcement-save"
          >
            Save
          </button>
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
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
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const list = (announcements.data?.list ?? [])
    .filter((announcement) => announcement.type === type)
    .sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate));
  return (
    <section aria-labelledby="announcements-title">
      <div className="page-header">
        <h1 id="announcements-title">Notices and popups</h1>
        {canEdit ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="announcement-new"
            onClick={() => {
              setEditing('new');
            }}
          >
            New announcement
          </button>
        ) : null}
      </div>
      <fieldset className="segmented" data-testid="announcement-types">
        <legend>Kind</legend>
        {announcementTypes.map((kind) => (
          <button
            key={kind}
            type="button"
            className="button"
            aria-pressed={kind === type}
            data-testid={`announcement-kind-${kind}`}
            onClick={() => {
              setType(kind);
            }}
          >
            {announcementTypeLabels[kind]}
          </button>
        ))}
      </fieldset>
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
            <td className="row-actions">
              {canEdit ? (
                <>
                  <button
                    type="button"
                    className="button"
                    data-testid={`announcement-edit-${announcement.id}`}
                    onClick={() => {
                      setEditing(announcement);
                    }}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--danger"
                    data-testid={`announcement-delete-${announcement.id}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Delete "${announcement.title}"?`)) remove.mutate(announcement.id);
                    }}
                  >
                    Delete
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </ListTable>
      {editing === null ? null : (
        <AnnouncementForm
          key={editing === 'new' ? 'new' : editing.id}
          announcement={editing === 'new' ? null : editing}
          type={type}
          onDone={() => {
            setEditing(null);
          }}
        />
      )}
    </section>
  );
};
