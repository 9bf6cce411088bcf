import {
  defaultContributionPercent,
  promotionBodySchema,
  wageringBonusKinds,
  wageringProductLines,
  type Promotion,
  type PromotionBody,
  type PromotionCategory,
  type PromotionKind,
  type PromotionStatus,
  type WageringProductLine,
} from '@wps/contracts/promotions';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';

/** How a config field is typed in the form. */
export type FieldType = 'decimal' | 'int' | 'datetime' | 'list' | { options: readonly string[] };
export type FieldSpec = { key: string; label: string; type: FieldType };

/** Each kind's own settings (wagering rules and rebate rates have their own sections). */
export const kindFields: Record<PromotionKind, readonly FieldSpec[]> = {
  signup: [{ key: 'amount', label: 'Bonus amount', type: 'decimal' }],
  deposit_match: [
    { key: 'depositKind', label: 'Deposits', type: { options: ['first', 'reload', 'any'] } },
    { key: 'percent', label: 'Percent of the deposit', type: 'int' },
    { key: 'cap', label: 'Bonus cap', type: 'decimal' },
    { key: 'minDeposit', label: 'Minimum deposit', type: 'decimal' },
    { key: 'channelCodes', label: 'Channel codes (comma-separated; empty: all)', type: 'list' },
  ],
  granted: [],
  cashback: [
    { key: 'percent', label: 'Percent of net loss', type: 'int' },
    { key: 'period', label: 'Period', type: { options: ['daily', 'weekly'] } },
    { key: 'minLoss', label: 'Minimum net loss', type: 'decimal' },
    { key: 'cap', label: 'Cap per period', type: 'decimal' },
  ],
  rebate: [{ key: 'dailyCap', label: 'Daily cap per member (0: none)', type: 'decimal' }],
  referral: [
    { key: 'inviteeDeposit', label: 'Invitee deposits in total', type: 'decimal' },
    { key: 'inviteeValidBet', label: 'Invitee valid bet in total', type: 'decimal' },
    { key: 'reward', label: 'Reward to the referrer', type: 'decimal' },
  ],
  red_envelope: [
    { key: 'pool', label: 'Pool', type: 'decimal' },
    { key: 'packets', label: 'Packets', type: 'int' },
    { key: 'minPacket', label: 'Minimum packet', type: 'decimal' },
  ],
  raffle: [
    { key: 'depositPerTicket', label: 'Deposit per ticket (0: none)', type: 'decimal' },
    { key: 'validBetPerTicket', label: 'Valid bet per ticket (0: none)', type: 'decimal' },
    { key: 'drawAt', label: 'Draw at', type: 'datetime' },
    { key: 'prizes', label: 'Prizes, first prize first (comma-separated)', type: 'list' },
  ],
};

const kindDefaults: Record<PromotionKind, Record<string, string>> = {
  signup: { amount: '5' },
  deposit_match: { depositKind: 'first', percent: '100', cap: '500', minDeposit: '10', channelCodes: '' },
  granted: {},
  cashback: { percent: '5', period: 'weekly', minLoss: '10', cap: '1000' },
  rebate: { dailyCap: '0' },
  referral: { inviteeDeposit: '50', inviteeValidBet: '200', reward: '20' },
  red_envelope: { pool: '1000', packets: '200', minPacket: '1' },
  raffle: { depositPerTicket: '100', validBetPerTicket: '1000', drawAt: '', prizes: '500, 200, 100' },
};

type Words = { title: string; summary: string; terms: string };
type LineValues = Record<WageringProductLine, string>;

/** The form's state: every field as typed. */
export type PromotionDraft = {
  kind: PromotionKind;
  category: PromotionCategory;
  status: PromotionStatus;
  startsAt: string;
  endsAt: string;
  en: Words;
  ur: Words;
  imageUploadId: string;
  claimLimit: string;
  sortOrder: string;
  turnoverPercent: string;
  vipLevels: string;
  excludedCountries: string;
  excludeAgents: boolean;
  config: Record<string, string>;
  wagering: { multiplier: string; base: 'bonus' | 'bonus_deposit'; maxStake: string; expiresInDays: string };
  contributions: LineValues;
  rates: LineValues;
};

const splitList = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');

const lineValues = (values: Partial<Record<string, number>>): LineValues =>
  Object.fromEntries(
    wageringProductLines.map((line) => [line, values[line] === undefined ? '' : String(values[line])]),
  ) as LineValues;

const emptyWords: Words = { title: '', summary: '', terms: '' };

/** A new promotion of `kind`: a draft starting now, its kind's usual settings. */
export const newDraft = (kind: PromotionKind): PromotionDraft => ({
  kind,
  category: kind === 'referral' ? 'referral' : kind === 'rebate' || kind === 'cashback' ? 'rebate' : 'other',
  status: 'draft',
  startsAt: toLocalInput(new Date().toISOString()),
  endsAt: '',
  en: emptyWords,
  ur: emptyWords,
  imageUploadId: '',
  claimLimit: '1',
  sortOrder: '0',
  turnoverPercent: '100',
  vipLevels: '',
  excludedCountries: '',
  excludeAgents: false,
  config: { ...kindDefaults[kind] },
  wagering: { multiplier: '10', base: 'bonus', maxStake: '0', expiresInDays: '7' },
  contributions: lineValues(defaultContributionPercent),
  rates: lineValues({}),
});

const configText = (value: unknown): string => {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/** The form's state of a saved promotion. */
export const draftOf = (promotion: Promotion): PromotionDraft => {
  const base = newDraft(promotion.kind);
  const { config } = promotion;
  const values: Record<string, string> = {};
  for (const field of kindFields[promotion.kind]) {
    const value: unknown = (config as Record<string, unknown>)[field.key];
    values[field.key] = field.type === 'datetime' ? toLocalInput(configText(value)) : configText(value);
  }
  const wagering = 'wagering' in config ? config.wagering : null;
  return {
    ...base,
    category: promotion.category,
    status: promotion.status,
    startsAt: toLocalInput(promotion.startsAt),
    endsAt: toLocalInput(promotion.endsAt),
    en: promotion.content.en,
    ur: promotion.content.ur ?? emptyWords,
    imageUploadId: promotion.imageUploadId ?? '',
    claimLimit: String(promotion.claimLimit),
    sortOrder: String(promotion.sortOrder),
    turnoverPercent: String(promotion.turnoverPercent),
    vipLevels: promotion.eligibility.vipLevels.join(', '),
    excludedCountries: promotion.eligibility.excludedCountries.join(', '),
    excludeAgents: promotion.eligibility.excludeAgents,
    config: values,
    wagering: wagering
      ? {
          multiplier: String(wagering.multiplier),
          base: wagering.base,
          maxStake: wagering.maxStake,
          expiresInDays: String(wagering.expiresInDays),
        }
      : base.wagering,
    contributions: wagering
      ? lineValues({ ...defaultContributionPercent, ...wagering.contributions })
      : base.contributions,
    rates: config.kind === 'rebate' ? lineValues(config.rates) : base.rates,
  };
};

/** Numbers as typed: a number when it is one, else the text (the schema then names the field). */
const numberOf = (text: string): number | string =>
  /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;

const numbersOf = (values: LineValues): Record<string, number | string> =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, text]) => text.trim() !== '')
      .map(([line, text]) => [line, numberOf(text)]),
  );

const configOf = (draft: PromotionDraft): Record<string, unknown> => {
  const config: Record<string, unknown> = { kind: draft.kind };
  for (const field of kindFields[draft.kind]) {
    const text = draft.config[field.key] ?? '';
    config[field.key] =
      field.type === 'int'
        ? numberOf(text)
        : field.type === 'list'
          ? splitList(text)
          : field.type === 'datetime'
            ? (fromLocalInput(text) ?? '')
            : text.trim();
  }
  if (wageringBonusKinds.has(draft.kind)) {
    config.wagering = {
      multiplier: numberOf(draft.wagering.multiplier),
      base: draft.wagering.base,
      contributions: numbersOf(draft.contributions),
      maxStake: draft.wagering.maxStake.trim(),
      expiresInDays: numberOf(draft.wagering.expiresInDays),
    };
  }
  if (draft.kind === 'rebate') config.rates = numbersOf(draft.rates);
  return config;
};

const wordsOf = (words: Words) => ({ title: words.title, summary: words.summary, terms: words.terms });

/** The request body of a draft, or the problems the contract finds in it (field: message). */
export const bodyOf = (draft: PromotionDraft): { body: PromotionBody } | { problems: string[] } => {
  const candidate = {
    category: draft.category,
    status: draft.status,
    startsAt: fromLocalInput(draft.startsAt) ?? '',
    endsAt: fromLocalInput(draft.endsAt),
    content: {
      en: wordsOf(draft.en),
      ...(draft.ur.title.trim() === '' ? {} : { ur: wordsOf(draft.ur) }),
    },
    imageUploadId: draft.imageUploadId.trim() === '' ? null : draft.imageUploadId.trim(),
    claimLimit: numberOf(draft.claimLimit),
    sortOrder: numberOf(draft.sortOrder),
    turnoverPercent: numberOf(draft.turnoverPercent),
    eligibility: {
      vipLevels: splitList(draft.vipLevels).map(numberOf),
      excludedCountries: splitList(draft.excludedCountries).map((code) => code.toUpperCase()),
      excludeAgents: draft.excludeAgents,
    },
    config: configOf(draft),
  };
  const parsed = promotionBodySchema.safeParse(candidate);
  if (parsed.success) return { body: candidate as PromotionBody };
  return {
    problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`),
  };
};
