import type { BannerGroup, Execution, HelpDevice, LinkageType } from '@wps/contracts/content';
import type { Database } from '../../db/database';
import { sanitizeContentHtml } from './content-html';
import * as repository from './content.repository';

type Language = 'EN' | 'UR';
type Words = Record<Language, string>;

/** Banner art is the site's own (apps/web/public/content/banners), plain SVG shapes without text. */
const bannerSeeds: ReadonlyArray<{
  groupName: BannerGroup;
  image: string;
  linkageType: LinkageType | null;
  linkUrl: string | null;
  title: Words;
}> = [
  {
    groupName: 'w_home',
    image: 'home-welcome.svg',
    linkageType: 'ROUTE',
    linkUrl: '/promotions',
    title: { EN: 'Welcome bonus: see the promotions', UR: 'خوش آمدید بونس: پروموشنز دیکھیں' },
  },
  {
    groupName: 'w_home',
    image: 'home-live.svg',
    linkageType: 'ROUTE',
    linkUrl: '/live',
    title: { EN: 'Live casino tables, open all day', UR: 'لائیو کیسینو میزیں، سارا دن کھلی' },
  },
  {
    groupName: 'w_home',
    image: 'home-responsible.svg',
    linkageType: null,
    linkUrl: null,
    title: { EN: 'Play for fun, play responsibly', UR: 'تفریح کے لیے کھیلیں، ذمہ داری سے کھیلیں' },
  },
  {
    groupName: 'w_login',
    image: 'login.svg',
    linkageType: null,
    linkUrl: null,
    title: { EN: 'Welcome back', UR: 'دوبارہ خوش آمدید' },
  },
  {
    groupName: 'w_register',
    image: 'register.svg',
    linkageType: null,
    linkUrl: null,
    title: { EN: 'Join in a minute', UR: 'ایک منٹ میں شامل ہوں' },
  },
  {
    groupName: 'w_forget',
    image: 'forget.svg',
    linkageType: null,
    linkUrl: null,
    title: { EN: 'Back in your account in a moment', UR: 'چند لمحوں میں اپنے اکاؤنٹ میں واپس' },
  },
  {
    groupName: 'w_leftmenu',
    image: 'leftmenu.svg',
    linkageType: 'ROUTE',
    linkUrl: '/promotions',
    title: { EN: 'This week’s promotions', UR: 'اس ہفتے کی پروموشنز' },
  },
];

/** Twelve popup announcements per audience: two pages of nine in the popup. */
const popupTopics: ReadonlyArray<{ title: Words; body: Words }> = [
  {
    title: { EN: 'New slot games this week', UR: 'اس ہفتے نئی سلاٹ گیمز' },
    body: { EN: 'Six new slot games have joined the lobby.', UR: 'لابی میں چھ نئی سلاٹ گیمز شامل ہوئی ہیں۔' },
  },
  {
    title: { EN: 'Weekend reload bonus', UR: 'ویک اینڈ ری لوڈ بونس' },
    body: {
      EN: 'Deposit on Saturday or Sunday and receive a 10% bonus.',
      UR: 'ہفتہ یا اتوار کو رقم جمع کریں اور 10% بونس حاصل کریں۔',
    },
  },
  {
    title: { EN: 'Scheduled maintenance', UR: 'طے شدہ دیکھ بھال' },
    body: {
      EN: 'Some games pause for maintenance on Tuesday from 02:00 to 04:00 GMT.',
      UR: 'منگل کو 02:00 سے 04:00 GMT تک کچھ گیمز دیکھ بھال کے لیے بند رہیں گی۔',
    },
  },
  {
    title: { EN: 'Faster withdrawals', UR: 'تیز تر رقم نکلوانا' },
    body: {
      EN: 'Most withdrawals are now approved within 15 minutes.',
      UR: 'زیادہ تر رقم نکلوانے کی درخواستیں اب 15 منٹ میں منظور ہو جاتی ہیں۔',
    },
  },
  {
    title: { EN: 'Invite a friend', UR: 'دوست کو مدعو کریں' },
    body: {
      EN: 'Share your referral link and earn a reward when your friend plays.',
      UR: 'اپنا ریفرل لنک شیئر کریں اور دوست کے کھیلنے پر انعام حاصل کریں۔',
    },
  },
  {
    title: { EN: 'VIP levels updated', UR: 'وی آئی پی درجے اپ ڈیٹ' },
    body: {
      EN: 'VIP members now receive a higher daily rebate.',
      UR: 'وی آئی پی ممبرز کو اب زیادہ روزانہ ری بیٹ ملتا ہے۔',
    },
  },
  {
    title: { EN: 'Fishing tournament', UR: 'فشنگ ٹورنامنٹ' },
    body: {
      EN: 'Catch the biggest prize of the week and win a bonus.',
      UR: 'ہفتے کا سب سے بڑا انعام پکڑیں اور بونس جیتیں۔',
    },
  },
  {
    title: { EN: 'Secure your account', UR: 'اپنا اکاؤنٹ محفوظ کریں' },
    body: {
      EN: 'Set a payment password in the security centre.',
      UR: 'سیکیورٹی سینٹر میں ادائیگی کا پاس ورڈ مقرر کریں۔',
    },
  },
  {
    title: { EN: 'Sports: new markets', UR: 'کھیل: نئی مارکیٹس' },
    body: {
      EN: 'More leagues and live markets are open for betting.',
      UR: 'مزید لیگز اور لائیو مارکیٹس بیٹنگ کے لیے کھلی ہیں۔',
    },
  },
  {
    title: { EN: 'Install the app', UR: 'ایپ انسٹال کریں' },
    body: {
      EN: 'Add the site to your home screen for one-tap access.',
      UR: 'ایک ٹیپ رسائی کے لیے سائٹ کو اپنی ہوم اسکرین پر شامل کریں۔',
    },
  },
  {
    title: { EN: 'Customer service hours', UR: 'کسٹمر سروس کے اوقات' },
    body: {
      EN: 'Our support team answers around the clock, every day.',
      UR: 'ہماری سپورٹ ٹیم ہر روز، چوبیس گھنٹے جواب دیتی ہے۔',
    },
  },
  {
    title: { EN: 'Responsible gaming tools', UR: 'ذمہ دارانہ گیمنگ کے ٹولز' },
    body: {
      EN: 'Ask customer service for deposit limits or a break.',
      UR: 'جمع کرانے کی حد یا وقفے کے لیے کسٹمر سروس سے رابطہ کریں۔',
    },
  },
];

const firstLoginTopics: ReadonlyArray<{ title: Words; body: Words }> = [
  {
    title: { EN: 'Welcome to the site', UR: 'سائٹ پر خوش آمدید' },
    body: {
      EN: 'Your account is ready. Make a first deposit to claim the welcome bonus.',
      UR: 'آپ کا اکاؤنٹ تیار ہے۔ خوش آمدید بونس کے لیے پہلی رقم جمع کریں۔',
    },
  },
  {
    title: { EN: 'Getting started', UR: 'شروعات کیسے کریں' },
    body: {
      EN: 'Try any game for free before you play with real money.',
      UR: 'اصل رقم سے کھیلنے سے پہلے کوئی بھی گیم مفت آزمائیں۔',
    },
  },
];

const noticeTopics: readonly Words[] = [
  {
    EN: 'Welcome! New players get a bonus on their first deposit.',
    UR: 'خوش آمدید! نئے کھلاڑیوں کو پہلی رقم جمع کرانے پر بونس ملتا ہے۔',
  },
  {
    EN: 'Maintenance on Tuesday 02:00-04:00 GMT for some games.',
    UR: 'منگل کو 02:00-04:00 GMT کچھ گیمز کی دیکھ بھال ہوگی۔',
  },
  {
    EN: 'Withdrawals are now faster: most are approved within 15 minutes.',
    UR: 'رقم نکلوانا اب تیز تر ہے: زیادہ تر 15 منٹ میں منظور ہو جاتی ہیں۔',
  },
  {
    EN: 'Play responsibly. Players must be 18 or older.',
    UR: 'ذمہ داری سے کھیلیں۔ کھلاڑیوں کی عمر 18 سال یا زیادہ ہونی چاہیے۔',
  },
];

/** Help-centre notices (type H), shown at the top of /help. */
const helpNoticeTopics: ReadonlyArray<{ title: Words; body: Words }> = [
  {
    title: { EN: 'Support hours', UR: 'سپورٹ کے اوقات' },
    body: {
      EN: 'Customer service answers every day from 09:00 to 23:00 GMT; live chat replies within minutes.',
      UR: 'کسٹمر سروس روزانہ 09:00 سے 23:00 GMT تک جواب دیتی ہے؛ لائیو چیٹ چند منٹ میں جواب دیتی ہے۔',
    },
  },
  {
    title: { EN: 'Before you contact us', UR: 'ہم سے رابطہ کرنے سے پہلے' },
    body: {
      EN: 'Have your account name and the time of the transaction ready; we never ask for your password.',
      UR: 'اپنا اکاؤنٹ نام اور لین دین کا وقت تیار رکھیں؛ ہم کبھی آپ کا پاس ورڈ نہیں مانگتے۔',
    },
  },
];

const promotionTopics: ReadonlyArray<{ title: Words; body: Words; promotionType: string }> = [
  {
    title: { EN: 'First deposit bonus', UR: 'پہلی جمع پر بونس' },
    body: {
      EN: 'Get 100% of your first deposit as a bonus, up to $100.',
      UR: 'اپنی پہلی جمع رقم کا 100% بونس حاصل کریں، $100 تک۔',
    },
    promotionType: 'DEPOSIT',
  },
  {
    title: { EN: 'Daily rebate', UR: 'روزانہ ری بیٹ' },
    body: {
      EN: 'Receive a rebate on every bet, paid every day.',
      UR: 'ہر شرط پر ری بیٹ حاصل کریں، روزانہ ادا کیا جاتا ہے۔',
    },
    promotionType: 'REBATE',
  },
];

const helpSeeds: ReadonlyArray<{ section: string; title: Words; body: Words }> = [
  {
    section: 'about',
    title: { EN: 'About us', UR: 'ہمارے بارے میں' },
    body: {
      EN: '<p>We run an online casino and sports site with games from many studios.</p><p>Our support team is here every day, around the clock.</p>',
      UR: '<p>ہم ایک آن لائن کیسینو اور اسپورٹس سائٹ چلاتے ہیں جس میں کئی اسٹوڈیوز کی گیمز ہیں۔</p><p>ہماری سپورٹ ٹیم ہر روز، چوبیس گھنٹے دستیاب ہے۔</p>',
    },
  },
  {
    section: 'term',
    title: { EN: 'Terms of use', UR: 'استعمال کی شرائط' },
    body: {
      EN: '<h3>1. Eligibility</h3><p>You must be 18 or older and allowed to play where you live.</p><h3>2. One account</h3><p>Each person may hold one account. Duplicate accounts may be closed.</p><h3>3. Fair play</h3><p>Bets are settled by the game provider. Abuse of bonuses or errors voids the winnings concerned.</p><h3>4. Changes</h3><p>We may change these terms; the version shown here applies.</p>',
      UR: '<h3>1. اہلیت</h3><p>آپ کی عمر 18 سال یا زیادہ ہونی چاہیے اور آپ کے علاقے میں کھیلنے کی اجازت ہونی چاہیے۔</p><h3>2. ایک اکاؤنٹ</h3><p>ہر شخص صرف ایک اکاؤنٹ رکھ سکتا ہے۔ اضافی اکاؤنٹس بند کیے جا سکتے ہیں۔</p><h3>3. منصفانہ کھیل</h3><p>شرطوں کا فیصلہ گیم فراہم کنندہ کرتا ہے۔ بونس یا غلطیوں کا غلط استعمال متعلقہ جیت کو کالعدم کر دیتا ہے۔</p><h3>4. تبدیلیاں</h3><p>ہم ان شرائط کو تبدیل کر سکتے ہیں؛ یہاں دکھایا گیا نسخہ لاگو ہوتا ہے۔</p>',
    },
  },
  {
    section: 'agreement',
    title: { EN: 'User agreement', UR: 'صارف معاہدہ' },
    body: {
      EN: '<p>By registering you agree to keep your password secret and to use the site only for yourself.</p><ul><li>Deposits and withdrawals use accounts in your own name.</li><li>We may ask you to verify your identity.</li></ul>',
      UR: '<p>رجسٹر ہو کر آپ اپنا پاس ورڈ خفیہ رکھنے اور سائٹ صرف اپنے لیے استعمال کرنے پر متفق ہیں۔</p><ul><li>رقم جمع کرانے اور نکلوانے کے لیے آپ کے اپنے نام کے اکاؤنٹس استعمال ہوتے ہیں۔</li><li>ہم آپ سے شناخت کی تصدیق کا کہہ سکتے ہیں۔</li></ul>',
    },
  },
  {
    section: 'privacy',
    title: { EN: 'Privacy', UR: 'رازداری' },
    body: {
      EN: '<p>We keep only the data needed to run your account and never sell it.</p>',
      UR: '<p>ہم صرف وہی ڈیٹا رکھتے ہیں جو آپ کا اکاؤنٹ چلانے کے لیے ضروری ہے اور اسے کبھی فروخت نہیں کرتے۔</p>',
    },
  },
  {
    section: 'faq',
    title: { EN: 'Frequently asked questions', UR: 'اکثر پوچھے جانے والے سوالات' },
    body: {
      EN: '<h3>How do I deposit?</h3><p>Open Deposit in the header, choose a channel and follow the steps.</p><h3>How long does a withdrawal take?</h3><p>Most withdrawals are approved within 15 minutes.</p><h3>I forgot my password.</h3><p>Use “Forgot password” on the login form.</p>',
      UR: '<h3>میں رقم کیسے جمع کراؤں؟</h3><p>ہیڈر میں ڈپازٹ کھولیں، چینل منتخب کریں اور مراحل پر عمل کریں۔</p><h3>رقم نکلوانے میں کتنا وقت لگتا ہے؟</h3><p>زیادہ تر درخواستیں 15 منٹ میں منظور ہو جاتی ہیں۔</p><h3>میں اپنا پاس ورڈ بھول گیا ہوں۔</h3><p>لاگ ان فارم پر “پاس ورڈ بھول گئے” استعمال کریں۔</p>',
    },
  },
  {
    section: 'responsible',
    title: { EN: 'Responsible gaming', UR: 'ذمہ دارانہ گیمنگ' },
    body: {
      EN: '<p>Set yourself limits and take breaks. Customer service can set deposit limits or close your account for a while.</p>',
      UR: '<p>اپنے لیے حدیں مقرر کریں اور وقفے لیں۔ کسٹمر سروس جمع کرانے کی حد مقرر کر سکتی ہے یا کچھ عرصے کے لیے آپ کا اکاؤنٹ بند کر سکتی ہے۔</p>',
    },
  },
];

const languages: readonly Language[] = ['EN', 'UR'];
const devices: readonly HelpDevice[] = ['WEB', 'H5'];
const dayMs = 86_400_000;
const paragraph = (text: string) => `<p>${text}</p>`;

/**
 * The demo brand's banners, announcements and notices, and help centre, in English and Urdu. Each kind is
 * seeded only while the brand has none of it, so running the seed again, or an operator's edits, change
 * nothing.
 */
export const seedContentDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  const seededAt = Date.now();
  // A day apart, newest first in the order listed, all already started.
  const daysAgo = (index: number) => new Date(seededAt - (index + 1) * dayMs);
  await db.transaction(async (tx) => {
    // Per group, so a brand seeded before a group existed gets that group's banners too.
    const seededGroups = new Set(await repository.listBannerGroups(tx, brand.id));
    const missingBanners = bannerSeeds.filter((banner) => !seededGroups.has(banner.groupName));
    if (missingBanners.length > 0) {
      await repository.insertBanners(
        tx,
        languages.flatMap((language) =>
          missingBanners.map((banner) => ({
            brandId: brand.id,
            groupName: banner.groupName,
            imageUrl: `/content/banners/${banner.image}`,
            linkageType: banner.linkageType,
            linkUrl: banner.linkUrl,
            title: banner.title[language],
            language,
            sortOrder: bannerSeeds.indexOf(banner),
          })),
        ),
      );
    }

    if ((await repository.countAnnouncements(tx, brand.id)) === 0) {
      const popups: Array<{ execution: Execution; topics: typeof popupTopics }> = [
        { execution: 'B', topics: popupTopics },
        { execution: 'A', topics: popupTopics },
        { execution: 'F', topics: firstLoginTopics },
      ];
      await repository.insertAnnouncements(
        tx,
        languages.flatMap((language) => [
          ...popups.flatMap(({ execution, topics }) =>
            topics.map((topic, index) => ({
              brandId: brand.id,
              type: 'PU',
              title: topic.title[language],
              content: sanitizeContentHtml(paragraph(topic.body[language])),
              startsAt: daysAgo(index),
              execution,
              language,
            })),
          ),
          ...noticeTopics.map((notice, index) => ({
            brandId: brand.id,
            type: 'PL',
            title: notice[language],
            content: sanitizeContentHtml(paragraph(notice[language])),
            startsAt: daysAgo(index),
            language,
          })),
          ...promotionTopics.map((promotion, index) => ({
            brandId: brand.id,
            type: 'PR',
            title: promotion.title[language],
            content: sanitizeContentHtml(paragraph(promotion.body[language])),
            startsAt: daysAgo(index),
            promotionType: promotion.promotionType,
            language,
          })),
        ]),
      );
    }

    // Help notices came later than the other kinds: seeded on their own while the brand has none.
    if (!(await repository.listAnnouncementTypes(tx, brand.id)).includes('H')) {
      await repository.insertAnnouncements(
        tx,
        languages.flatMap((language) =>
          helpNoticeTopics.map((notice, index) => ({
            brandId: brand.id,
            type: 'H',
            title: notice.title[language],
            content: sanitizeContentHtml(paragraph(notice.body[language])),
            startsAt: daysAgo(index),
            language,
          })),
        ),
      );
    }

    if ((await repository.countHelpArticles(tx, brand.id)) === 0) {
      await repository.insertHelpArticles(
        tx,
        languages.flatMap((language) =>
          devices.flatMap((device) =>
            helpSeeds.map((article, index) => ({
              brandId: brand.id,
              language,
              device,
              section: article.section,
              title: article.title[language],
              content: sanitizeContentHtml(article.body[language]),
              sortOrder: index,
            })),
          ),
        ),
      );
    }
  });
};
