import type { PromotionConfig, PromotionEligibility, WageringRules } from '@wps/contracts/promotions';
import type { Database } from '../../db/database';
import { sanitizeContentHtml } from '../content/content.service';
import * as repository from './promotions.repository';
import type { PromotionContent } from './promotions.tables';

const dayMs = 86_400_000;
const everyone: PromotionEligibility = { vipLevels: [], excludedCountries: [], excludeAgents: true };

type Words = { title: string; summary: string; terms: string };
type Seed = {
  category: string;
  status: 'live' | 'draft';
  /** Days from the first start the promotion ends (null: runs until the operator ends it). */
  endsInDays: number | null;
  claimLimit: number;
  sortOrder: number;
  content: { en: Words; ur: Words };
  config: (now: Date) => PromotionConfig;
};

const wagering = (multiplier: number, maxStake: string, expiresInDays: number): WageringRules => ({
  multiplier,
  base: 'bonus',
  contributions: { RNG: 100, FISH: 100, LIVE: 10, SPORTS: 50, LOTT: 50 },
  maxStake,
  expiresInDays,
});

const terms = (lines: string[]) => `<ul>${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`;

/**
 * The demo brand's promotions, one of each kind the platform runs. Titles are the seed's keys: a start that
 * finds a title already there leaves that promotion (and the operator's edits of it) alone.
 */
const seeds: readonly Seed[] = [
  {
    category: 'welcome',
    status: 'live',
    endsInDays: null,
    claimLimit: 1,
    sortOrder: 10,
    content: {
      en: {
        title: 'First deposit bonus 100%',
        summary: 'Double your first deposit up to 500.',
        terms: terms([
          'Deposit at least 10 and choose the bonus on the deposit form.',
          'The bonus is 100% of the deposit, at most 500.',
          'Wager the bonus 10 times within 7 days; slots count fully, live tables 10%.',
        ]),
      },
      ur: {
        title: 'پہلے ڈپازٹ پر 100% بونس',
        summary: 'اپنا پہلا ڈپازٹ 500 تک دوگنا کریں۔',
        terms: terms([
          'کم از کم 10 جمع کریں۔',
          'بونس ڈپازٹ کا 100%، زیادہ سے زیادہ 500۔',
          '7 دن میں بونس 10 بار کھیلیں۔',
        ]),
      },
    },
    config: () => ({
      kind: 'deposit_match',
      depositKind: 'first',
      percent: 100,
      cap: '500',
      minDeposit: '10',
      channelCodes: [],
      wagering: wagering(10, '50', 7),
    }),
  },
  {
    category: 'deposit',
    status: 'live',
    endsInDays: null,
    claimLimit: 0,
    sortOrder: 20,
    content: {
      en: {
        title: 'Reload bonus 20%',
        summary: '20% extra on every later deposit, up to 200.',
        terms: terms([
          'Deposit at least 20 after your first deposit.',
          'Wager the bonus 8 times within 7 days.',
        ]),
      },
      ur: {
        title: 'ری لوڈ بونس 20%',
        summary: 'ہر اگلے ڈپازٹ پر 200 تک 20% اضافی۔',
        terms: terms(['پہلے ڈپازٹ کے بعد کم از کم 20 جمع کریں۔', '7 دن میں بونس 8 بار کھیلیں۔']),
      },
    },
    config: () => ({
      kind: 'deposit_match',
      depositKind: 'reload',
      percent: 20,
      cap: '200',
      minDeposit: '20',
      channelCodes: [],
      wagering: wagering(8, '50', 7),
    }),
  },
  {
    category: 'welcome',
    status: 'live',
    endsInDays: null,
    claimLimit: 1,
    sortOrder: 30,
    content: {
      en: {
        title: 'Sign-up bonus 5',
        summary: 'A free 5 to try the games.',
        terms: terms(['One per person, device and address.', 'Wager the bonus 5 times within 7 days.']),
      },
      ur: {
        title: 'رجسٹریشن بونس 5',
        summary: 'گیمز آزمانے کے لیے مفت 5۔',
        terms: terms(['فی شخص، ڈیوائس اور پتہ ایک بار۔', '7 دن میں بونس 5 بار کھیلیں۔']),
      },
    },
    config: () => ({ kind: 'signup', amount: '5', wagering: wagering(5, '5', 7) }),
  },
  {
    category: 'rebate',
    status: 'live',
    endsInDays: null,
    claimLimit: 0,
    sortOrder: 40,
    content: {
      en: {
        title: 'Daily rebate up to 0.8%',
        summary: 'A share of every valid bet back, every day.',
        terms: terms([
          'Slots and fishing 0.8%, live tables 0.5%, sports and lottery 0.3%.',
          'At most 1,000 a day.',
        ]),
      },
      ur: {
        title: 'روزانہ ریبیٹ 0.8% تک',
        summary: 'ہر درست شرط کا حصہ، ہر روز واپس۔',
        terms: terms([
          'سلاٹس اور فشنگ 0.8%، لائیو 0.5%، کھیل اور لاٹری 0.3%۔',
          'روزانہ زیادہ سے زیادہ 1,000۔',
        ]),
      },
    },
    config: () => ({
      kind: 'rebate',
      rates: { RNG: 80, FISH: 80, LIVE: 50, SPORTS: 30, ESPORTS: 30, LOTT: 30, ELOTT: 30, PVP: 30 },
      dailyCap: '1000',
    }),
  },
  {
    category: 'rebate',
    status: 'live',
    endsInDays: null,
    claimLimit: 0,
    sortOrder: 50,
    content: {
      en: {
        title: 'Weekly cashback 5%',
        summary: '5% of your net loss back every week.',
        terms: terms([
          'A net loss of at least 10 in the week.',
          'At most 1,000 a week, claimed in the reward centre.',
        ]),
      },
      ur: {
        title: 'ہفتہ وار کیش بیک 5%',
        summary: 'ہر ہفتے خالص نقصان کا 5% واپس۔',
        terms: terms(['ہفتے میں کم از کم 10 کا خالص نقصان۔', 'ہفتے میں زیادہ سے زیادہ 1,000۔']),
      },
    },
    config: () => ({ kind: 'cashback', percent: 5, period: 'weekly', minLoss: '10', cap: '1000' }),
  },
  {
    category: 'referral',
    status: 'live',
    endsInDays: null,
    claimLimit: 0,
    sortOrder: 60,
    content: {
      en: {
        title: 'Invite a friend, get 20',
        summary: 'Earn 20 for every friend who deposits 50 and plays 200.',
        terms: terms([
          'Your friend registers with your invite link.',
          'They deposit 50 and wager 200 in total.',
        ]),
      },
      ur: {
        title: 'دوست کو مدعو کریں، 20 پائیں',
        summary: 'ہر دوست کے لیے 20 جو 50 جمع کرے اور 200 کھیلے۔',
        terms: terms(['آپ کا دوست آپ کے لنک سے رجسٹر کرے۔', 'وہ کل 50 جمع کرے اور 200 کھیلے۔']),
      },
    },
    config: () => ({ kind: 'referral', inviteeDeposit: '50', inviteeValidBet: '200', reward: '20' }),
  },
  {
    category: 'event',
    status: 'live',
    endsInDays: 30,
    claimLimit: 1,
    sortOrder: 70,
    content: {
      en: {
        title: 'Red envelope rain',
        summary: '200 red envelopes sharing 1,000, first come first served.',
        terms: terms(['One envelope per member.', 'Each envelope holds at least 1.']),
      },
      ur: {
        title: 'سرخ لفافوں کی بارش',
        summary: '200 سرخ لفافے، 1,000 کی رقم، پہلے آئیے پہلے پائیے۔',
        terms: terms(['فی ممبر ایک لفافہ۔', 'ہر لفافے میں کم از کم 1۔']),
      },
    },
    config: () => ({ kind: 'red_envelope', pool: '1000', packets: 200, minPacket: '1' }),
  },
  {
    category: 'event',
    status: 'live',
    endsInDays: 7,
    claimLimit: 0,
    sortOrder: 80,
    content: {
      en: {
        title: 'Weekly raffle: 500, 200, 100',
        summary: 'A ticket for every 100 deposited or 1,000 played.',
        terms: terms([
          'Tickets are earned until the raffle ends; winners are drawn an hour later, provably fair.',
          'One ticket wins at most one prize.',
        ]),
      },
      ur: {
        title: 'ہفتہ وار قرعہ اندازی: 500، 200، 100',
        summary: 'ہر 100 جمع یا 1,000 کھیلنے پر ایک ٹکٹ۔',
        terms: terms(['قرعہ اندازی ختم ہونے تک ٹکٹ ملتے ہیں۔', 'ایک ٹکٹ زیادہ سے زیادہ ایک انعام جیتتا ہے۔']),
      },
    },
    config: (ends) => ({
      kind: 'raffle',
      depositPerTicket: '100',
      validBetPerTicket: '1000',
      drawAt: new Date(ends.getTime() + 3_600_000).toISOString(),
      prizes: ['500', '200', '100'],
    }),
  },
  {
    // Staff grant bonuses under it from the console; a draft, so players do not see it listed.
    category: 'other',
    status: 'draft',
    endsInDays: null,
    claimLimit: 0,
    sortOrder: 90,
    content: {
      en: {
        title: 'Goodwill bonus',
        summary: 'Granted by our staff.',
        terms: terms(['Wager the bonus 5 times within 14 days.']),
      },
      ur: {
        title: 'خیر سگالی بونس',
        summary: 'ہمارے عملے کی طرف سے۔',
        terms: terms(['14 دن میں بونس 5 بار کھیلیں۔']),
      },
    },
    config: () => ({ kind: 'granted', wagering: wagering(5, '0', 14) }),
  },
];

const sanitized = (words: Words): PromotionContent => ({ ...words, terms: sanitizeContentHtml(words.terms) });

/**
 * Idempotent: the demo brand's promotions (a first-deposit match, a reload, a sign-up bonus, a daily rebate, a
 * weekly cashback, a referral reward, a red envelope and a raffle, live from the first start; and a draft
 * granted bonus for staff). A promotion whose title the brand already has is left as it is.
 */
export const seedPromotionsDemo = async (
  db: Database,
  brand: { id: bigint },
  now: Date = new Date(),
): Promise<void> => {
  for (const seed of seeds) {
    if (await repository.findPromotionByTitle(db, brand.id, seed.content.en.title)) continue;
    const endsAt = seed.endsInDays === null ? null : new Date(now.getTime() + seed.endsInDays * dayMs);
    const config = seed.config(endsAt ?? now);
    await repository.insertPromotion(db, {
      brandId: brand.id,
      kind: config.kind,
      category: seed.category,
      status: seed.status,
      startsAt: now,
      endsAt,
      content: { en: sanitized(seed.content.en), ur: sanitized(seed.content.ur) },
      imageUploadId: null,
      claimLimit: seed.claimLimit,
      sortOrder: seed.sortOrder,
      turnoverPercent: 100,
      eligibility: everyone,
      config,
    });
  }
};
