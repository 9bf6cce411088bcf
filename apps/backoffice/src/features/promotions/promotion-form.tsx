import { useState, type ChangeEvent, type ReactNode, type SyntheticEvent } from 'react';
import {
  promotionCategories,
  promotionStatuses,
  wageringBases,
  wageringBonusKinds,
  wageringProductLines,
  type WageringProductLine,
} from '@wps/contracts/promotions';
import { staffUploadLimits } from '@wps/contracts/uploads';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/error-message';
import { ProofImage, uploadPath } from '../../components/proof-image';
import { useSavePromotion, useUploadPromotionImage, type Promotion } from './api';
import { bodyOf, kindFields, type PromotionDraft } from './promotion-draft';
import './promotions.css';

export const kindLabels: Record<Promotion['kind'], string> = {
  signup: 'Sign-up bonus',
  deposit_match: 'Deposit match',
  granted: 'Granted bonus',
  cashback: 'Cashback',
  rebate: 'Rebate',
  referral: 'Referral',
  red_envelope: 'Red envelope',
  raffle: 'Raffle',
};

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <label>
    {label}
    {children}
  </label>
);

type Setter = (change: (draft: PromotionDraft) => PromotionDraft) => void;

/**
 * The promotion's picture: a chosen file is uploaded at once and its id kept in the form (saved with the
 * promotion); a preview of the current picture, and a button to go without one.
 */
const ImageField = ({ uploadId, onChange }: { uploadId: string; onChange: (uploadId: string) => void }) => {
  const upload = useUploadPromotionImage();
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
    <div className="promotion-image" data-testid="promotion-image">
      <span>Image (png, jpg or webp, up to 5 MB; empty: none)</span>
      {uploadId === '' ? null : (
        <div className="promotion-image__preview">
          <ProofImage path={uploadPath(uploadId)} label="Promotion image" testId="promotion-image-preview" />
          <button
            type="button"
            onClick={() => {
              onChange('');
            }}
            data-testid="promotion-image-remove"
          >
            Remove image
          </button>
        </div>
      )}
      <input
        type="file"
        aria-label="Promotion image file"
        accept={staffUploadLimits.contentTypes.join(',')}
        onChange={choose}
        disabled={upload.isPending}
        data-testid="promotion-image-file"
      />
      {upload.isPending ? <span className="muted">Uploading…</span> : null}
      {upload.isError ? <ErrorMessage error={upload.error} testId="promotion-image-error" /> : null}
    </div>
  );
};

/** A value per product line (wagering contribution in percent, rebate rate in basis points). */
const LineTable = ({
  title,
  values,
  onChange,
  testId,
}: {
  title: string;
  values: Record<WageringProductLine, string>;
  onChange: (line: WageringProductLine, value: string) => void;
  testId: string;
}) => (
  <fieldset className="promotion-lines" data-testid={testId}>
    <legend>{title}</legend>
    {wageringProductLines.map((line) => (
      <label key={line}>
        {line}
        <input
          inputMode="numeric"
          value={values[line]}
          onChange={(event) => {
            onChange(line, event.target.value);
          }}
          data-testid={`${testId}-${line}`}
        />
      </label>
    ))}
  </fieldset>
);

const ContentFields = ({
  language,
  draft,
  set,
}: {
  language: 'en' | 'ur';
  draft: PromotionDraft;
  set: Setter;
}) => {
  const words = draft[language];
  const change = (key: keyof typeof words, value: string) => {
    set((current) => ({ ...current, [language]: { ...current[language], [key]: value } }));
  };
  return (
    <fieldset dir={language === 'ur' ? 'rtl' : 'ltr'}>
      <legend>
        {language === 'en' ? 'English (required)' : 'Urdu (optional; English shows without it)'}
      </legend>
      <Field label="Title">
        <input
          value={words.title}
          maxLength={120}
          onChange={(event) => {
            change('title', event.target.value);
          }}
          data-testid={`promotion-${language}-title`}
        />
      </Field>
      <Field label="Summary">
        <input
          value={words.summary}
          maxLength={300}
          onChange={(event) => {
            change('summary', event.target.value);
          }}
          data-testid={`promotion-${language}-summary`}
        />
      </Field>
      <Field label="Terms (HTML; scripts and styles are removed when saved)">
        <textarea
          rows={4}
          value={words.terms}
          onChange={(event) => {
            change('terms', event.target.value);
          }}
          data-testid={`promotion-${language}-terms`}
        />
      </Field>
    </fieldset>
  );
};

const ConfigFields = ({ draft, set }: { draft: PromotionDraft; set: Setter }) => (
  <fieldset>
    <legend>{kindLabels[draft.kind]} settings (amounts in the brand currency)</legend>
    {kindFields[draft.kind].map((field) => {
      const value = draft.config[field.key] ?? '';
      const change = (next: string) => {
        set((current) => ({ ...current, config: { ...current.config, [field.key]: next } }));
      };
      const testId = `promotion-config-${field.key}`;
      return (
        <Field key={field.key} label={field.label}>
          {typeof field.type === 'object' ? (
            <select
              value={value}
              onChange={(event) => {
                change(event.target.value);
              }}
              data-testid={testId}
            >
              {field.type.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          ) : (
            <input
              type={field.type === 'datetime' ? 'datetime-local' : 'text'}
              inputMode={field.type === 'decimal' ? 'decimal' : field.type === 'int' ? 'numeric' : undefined}
              value={value}
              onChange={(event) => {
                change(event.target.value);
              }}
              data-testid={testId}
            />
          )}
        </Field>
      );
    })}
    {draft.kind === 'rebate' ? (
      <LineTable
        title="Rebate per product line, basis points of valid bet (80 = 0.8 %; empty: none)"
        values={draft.rates}
        onChange={(line, value) => {
          set((current) => ({ ...current, rates: { ...current.rates, [line]: value } }));
        }}
        testId="promotion-rate"
      />
    ) : null}
  </fieldset>
);

const WageringFields = ({ draft, set }: { draft: PromotionDraft; set: Setter }) => {
  const change = (key: keyof PromotionDraft['wagering'], value: string) => {
    set((current) => ({ ...current, wagering: { ...current.wagering, [key]: value } }));
  };
  return (
    <fieldset>
      <legend>Wagering</legend>
      <Field label="Multiplier (times the base; 0: cash at once)">
        <input
          inputMode="numeric"
          value={draft.wagering.multiplier}
          onChange={(event) => {
            change('multiplier', event.target.value);
          }}
          data-testid="promotion-wagering-multiplier"
        />
      </Field>
      <Field label="Base">
        <select
          value={draft.wagering.base}
          onChange={(event) => {
            change('base', event.target.value);
          }}
          data-testid="promotion-wagering-base"
        >
          {wageringBases.map((base) => (
            <option key={base} value={base}>
              {base === 'bonus' ? 'bonus' : 'bonus + deposit'}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Maximum stake while wagering (0: no limit)">
        <input
          inputMode="decimal"
          value={draft.wagering.maxStake}
          onChange={(event) => {
            change('maxStake', event.target.value);
          }}
          data-testid="promotion-wagering-max-stake"
        />
      </Field>
      <Field label="Expires after (days)">
        <input
          inputMode="numeric"
          value={draft.wagering.expiresInDays}
          onChange={(event) => {
            change('expiresInDays', event.target.value);
          }}
          data-testid="promotion-wagering-expiry"
        />
      </Field>
      <LineTable
        title="Contribution per product line, percent of each valid bet"
        values={draft.contributions}
        onChange={(line, value) => {
          set((current) => ({ ...current, contributions: { ...current.contributions, [line]: value } }));
        }}
        testId="promotion-contribution"
      />
    </fieldset>
  );
};

/** Creates a promotion of a chosen kind or edits one (its kind never changes). */
export const PromotionForm = ({
  id,
  initial,
  onClose,
}: {
  /** Null for a new promotion. */
  id: string | null;
  initial: PromotionDraft;
  onClose: () => void;
}) => {
  const save = useSavePromotion();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const set: Setter = (change) => {
    setDraft(change);
  };
  const text = (
    key:
      | 'startsAt'
      | 'endsAt'
      | 'claimLimit'
      | 'sortOrder'
      | 'turnoverPercent'
      | 'vipLevels'
      | 'excludedCountries',
  ) =>
    ({
      value: draft[key],
      onChange: (event: { target: { value: string } }) => {
        set((current) => ({ ...current, [key]: event.target.value }));
      },
      'data-testid': `promotion-${key}`,
    }) as const;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = bodyOf(draft);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems([]);
    save.mutate({ id, body: result.body }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={id === null ? `New ${kindLabels[draft.kind].toLowerCase()}` : `Edit ${draft.en.title}`}
      onClose={onClose}
      wide
      testId="promotion-form"
    >
      <form onSubmit={submit} noValidate className="promotion-form">
        <fieldset>
          <legend>Listing and schedule</legend>
          <Field label="Category">
            <select
              value={draft.category}
              onChange={(event) => {
                const category = promotionCategories.find((value) => value === event.target.value);
                if (category) set((current) => ({ ...current, category }));
              }}
              data-testid="promotion-category"
            >
              {promotionCategories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Status">
            <select
              value={draft.status}
              onChange={(event) => {
                const status = promotionStatuses.find((value) => value === event.target.value);
                if (status) set((current) => ({ ...current, status }));
              }}
              data-testid="promotion-status"
            >
              {promotionStatuses.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Starts at (live with a later start: scheduled)">
            <input type="datetime-local" {...text('startsAt')} />
          </Field>
          <Field label="Ends at (empty: until ended)">
            <input type="datetime-local" {...text('endsAt')} />
          </Field>
          <Field label="Claims per member (0: no limit)">
            <input inputMode="numeric" {...text('claimLimit')} />
          </Field>
          <Field label="Sort order">
            <input inputMode="numeric" {...text('sortOrder')} />
          </Field>
          <Field label="Turnover on cash rewards (% of the reward)">
            <input inputMode="numeric" {...text('turnoverPercent')} />
          </Field>
          <ImageField
            uploadId={draft.imageUploadId}
            onChange={(imageUploadId) => {
              set((current) => ({ ...current, imageUploadId }));
            }}
          />
        </fieldset>
        <ConfigFields draft={draft} set={set} />
        {wageringBonusKinds.has(draft.kind) ? <WageringFields draft={draft} set={set} /> : null}
        <fieldset>
          <legend>Who may take part</legend>
          <Field label="VIP levels (comma-separated; empty: all)">
            <input {...text('vipLevels')} />
          </Field>
          <Field label="Excluded countries (ISO codes, comma-separated)">
            <input {...text('excludedCountries')} />
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.excludeAgents}
              onChange={(event) => {
                const excludeAgents = event.target.checked;
                set((current) => ({ ...current, excludeAgents }));
              }}
              data-testid="promotion-exclude-agents"
            />
            Agents may not take part
          </label>
        </fieldset>
        <ContentFields language="en" draft={draft} set={set} />
        <ContentFields language="ur" draft={draft} set={set} />
        {problems.length > 0 ? (
          <ul className="error" role="alert" data-testid="promotion-form-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <ErrorMessage error={save.error} testId="promotion-form-error" />
        <div className="actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={save.isPending}
            data-testid="promotion-form-submit"
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
