import {
  type AdminHelpArticle,
  type HelpDevice,
  helpArticleInputSchema,
  helpDevices,
} from '@wps/contracts/content';
import { useState } from 'react';
import { EditorSelect } from '../../components/editor-choice';
import { EditorDialogForm, useDraft } from '../../components/editor-form';
import { EditorNewButton, EditorPanel, useEditing } from '../../components/editor-panel';
import { EditorRowActions } from '../../components/editor-row-actions';
import { ErrorMessage } from '../../components/error-message';
import { ListTable } from '../../components/list-table';
import { useCan } from '../session/api';
import {
  type HelpArticleBody,
  type HelpArticleChange,
  useDeleteHelpArticle,
  useHelpArticles,
  useSaveHelpSection,
} from './api';
import { checkBody, Field, type FieldErrors } from './content-form';
import './content.css';

/** The languages the help centre is written in, side by side in the form. */
const languages = ['EN', 'UR'] as const;
type Language = (typeof languages)[number];
const languageNames: Record<Language, string> = { EN: 'English', UR: 'Urdu' };

/** A section of the help centre on one device: its article in each language. */
type HelpSection = {
  key: string;
  device: HelpDevice;
  section: string;
  sortOrder: number;
  articles: Partial<Record<string, AdminHelpArticle>>;
};

const sectionsOf = (articles: readonly AdminHelpArticle[]): HelpSection[] => {
  const sections = new Map<string, HelpSection>();
  for (const article of articles) {
    const key = `${article.device}:${article.section}`;
    const section = sections.get(key) ?? {
      key,
      device: article.device,
      section: article.section,
      sortOrder: article.sortOrder,
      articles: {},
    };
    section.articles[article.language] = article;
    section.sortOrder = Math.min(section.sortOrder, article.sortOrder);
    sections.set(key, section);
  }
  return [...sections.values()].sort(
    (a, b) =>
      a.device.localeCompare(b.device) || a.sortOrder - b.sortOrder || a.section.localeCompare(b.section),
  );
};

type Draft = {
  device: HelpDevice;
  section: string;
  sortOrder: string;
} & Record<`${'title' | 'content'}${Language}`, string>;

const draftOf = (section: HelpSection | null): Draft => ({
  device: section?.device ?? 'WEB',
  section: section?.section ?? '',
  sortOrder: String(section?.sortOrder ?? 0),
  titleEN: section?.articles.EN?.title ?? '',
  contentEN: section?.articles.EN?.content ?? '',
  titleUR: section?.articles.UR?.title ?? '',
  contentUR: section?.articles.UR?.content ?? '',
});

const bodyOf = (draft: Draft, language: Language): HelpArticleBody => ({
  language,
  device: draft.device,
  section: draft.section.trim(),
  title: draft[`title${language}`].trim(),
  content: draft[`content${language}`],
  sortOrder: Number(draft.sortOrder),
});

/** Urdu is optional: left empty, the section has no Urdu article (the site falls back to English). */
const isBlank = (draft: Draft, language: Language) =>
  draft[`title${language}`].trim() === '' && draft[`content${language}`].trim() === '';

function HelpSectionForm({ section, onDone }: { section: HelpSection | null; onDone: () => void }) {
  const { draft, set } = useDraft(() => draftOf(section));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveHelpSection();
  const onSubmit = () => {
    const found: FieldErrors = {};
    const changes: HelpArticleChange[] = languages.map((language) => {
      const existing = section?.articles[language];
      if (language !== 'EN' && isBlank(draft, language)) {
        return existing ? { kind: 'delete', id: existing.id } : { kind: 'keep' };
      }
      const body = bodyOf(draft, language);
      const check = checkBody(helpArticleInputSchema, body);
      if (!check.ok) {
        for (const [field, message] of Object.entries(check.errors)) {
          const name = field === 'title' || field === 'content' ? `${field}${language}` : field;
          found[name] ??= message;
        }
      }
      return { kind: 'save', id: existing?.id ?? null, body };
    });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(changes, { onSuccess: onDone });
  };
  return (
    <EditorDialogForm
      title={section ? `Edit help section ${section.section}` : 'New help section'}
      className="form content-form"
      testId="help"
      saving={save}
      onSubmit={onSubmit}
      onCancel={onDone}
    >
      <Field label="Section anchor (term, faq …)" error={errors.section} testId="help-section">
        <input
          value={draft.section}
          data-testid="help-section"
          onChange={(event) => {
            set({ section: event.target.value });
          }}
        />
      </Field>
      <EditorSelect
        label="Device"
        value={draft.device}
        options={helpDevices}
        testId="help-device"
        onChange={(device) => {
          set({ device });
        }}
      />
      <Field label="Order (lower first)" error={errors.sortOrder} testId="help-sortOrder">
        <input
          type="number"
          min={0}
          value={draft.sortOrder}
          data-testid="help-sortOrder"
          onChange={(event) => {
            set({ sortOrder: event.target.value });
          }}
        />
      </Field>
      {languages.map((language) => (
        <fieldset key={language} className="wide" dir={language === 'UR' ? 'rtl' : 'ltr'}>
          <legend>
            {languageNames[language]} ({language}){language === 'EN' ? '' : ', optional'}
          </legend>
          <Field label="Title" error={errors[`title${language}`]} testId={`help-title-${language}`}>
            <input
              value={draft[`title${language}`]}
              data-testid={`help-title-${language}`}
              onChange={(event) => {
                set({ [`title${language}`]: event.target.value });
              }}
            />
          </Field>
          <Field
            label="Content (HTML; sanitised when saved)"
            error={errors[`content${language}`]}
            testId={`help-content-${language}`}
          >
            <textarea
              value={draft[`content${language}`]}
              data-testid={`help-content-${language}`}
              onChange={(event) => {
                set({ [`content${language}`]: event.target.value });
              }}
            />
          </Field>
        </fieldset>
      ))}
    </EditorDialogForm>
  );
}

const columns = ['Device', 'Section', 'Order', 'English', 'Urdu', 'Other languages', ''];

/** The help centre's sections, each in English and Urdu; changed with content.edit. */
export const HelpArticlesPage = () => {
  const canEdit = useCan()('content.edit');
  const articles = useHelpArticles();
  const remove = useDeleteHelpArticle();
  const editing = useEditing<HelpSection>();
  const sections = sectionsOf(articles.data?.list ?? []);
  return (
    <section aria-labelledby="help-title">
      <div className="page-header">
        <h1 id="help-title">Help centre</h1>
        {canEdit ? (
          <EditorNewButton testId="help-new" onClick={editing.startNew}>
            New section
          </EditorNewButton>
        ) : null}
      </div>
      <ErrorMessage error={articles.error} testId="help-articles-error" />
      <ErrorMessage error={remove.error} testId="help-delete-error" />
      <ListTable
        testId="help-table"
        columns={columns}
        isLoading={articles.isPending}
        isEmpty={articles.isSuccess && sections.length === 0}
        emptyMessage="The help centre has no articles yet."
        emptyTestId="help-empty"
      >
        {sections.map((section) => (
          <tr key={section.key} data-testid={`help-row-${section.key}`}>
            <td>{section.device}</td>
            <td>{section.section}</td>
            <td className="number">{section.sortOrder}</td>
            <td>{section.articles.EN?.title ?? <span className="muted">missing</span>}</td>
            <td dir="rtl">{section.articles.UR?.title ?? <span className="muted">missing</span>}</td>
            <td>
              {Object.keys(section.articles)
                .filter((language) => language !== 'EN' && language !== 'UR')
                .join(', ') || '-'}
            </td>
            <EditorRowActions
              canEdit={canEdit}
              edit={{
                testId: `help-edit-${section.key}`,
                onClick: () => {
                  editing.edit(section);
                },
              }}
              remove={{
                testId: `help-delete-${section.key}`,
                question: `Delete the section "${section.section}" in every language?`,
                isPending: remove.isPending,
                onConfirm: () => {
                  for (const article of Object.values(section.articles)) {
                    if (article) remove.mutate(article.id);
                  }
                },
              }}
            />
          </tr>
        ))}
      </ListTable>
      <EditorPanel editing={editing} keyOf={(section) => section.key}>
        {(section, onDone) => <HelpSectionForm section={section} onDone={onDone} />}
      </EditorPanel>
    </section>
  );
};
