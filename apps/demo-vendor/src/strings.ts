/**
 * The game's words in the platform's languages (English and Urdu); any other language reads English.
 * `{name}` marks a value the page fills in.
 */

const english = {
  title: 'Demo slot',
  demoContent: 'Demo content: a made-up game with our own artwork. No vendor is behind it.',
  realMoney: 'Real money',
  demoMoney: 'Demo money',
  balance: 'Balance',
  lastWin: 'Last win',
  bet: 'Bet',
  spin: 'Spin',
  spinning: 'Spinning…',
  reels: 'Reels',
  reelsShow: 'Reels show: {cells}',
  column: 'reel {number}: {symbols}',
  paytable: 'Paytable',
  paytableCaption: 'Three of a kind on a line pays a multiple of the total bet. Five lines.',
  symbol: 'Symbol',
  pays: 'Pays',
  timesBet: '{multiplier} × bet',
  noWin: 'No win this time.',
  won: 'You won {amount} on {lines}.',
  winPending: 'You won {amount}; it is on its way to your balance.',
  notEnoughMoney: 'Not enough balance for this bet.',
  walletUnavailable: "The casino's wallet did not answer, so the bet was not taken. Please try again.",
  refused: 'The casino refused the bet ({status}).',
  sessionLost: 'This game has ended. Close it and start the game again from the casino.',
  busy: 'Still spinning…',
  tokenUsed: 'This game link was already opened. Close it and start the game again from the casino.',
  missingToken: 'This game link is incomplete. Start the game again from the casino.',
  walletRefusedOpen: 'The casino did not let this game open ({status}).',
  walletUnavailableOpen: "The casino's wallet did not answer. Close the game and try again in a moment.",
  badLaunch: 'This game link is not valid.',
  cantOpen: 'The game cannot open',
  cherry: 'Cherry',
  lemon: 'Lemon',
  bell: 'Bell',
  star: 'Star',
  seven: 'Seven',
  lotus: 'Lotus',
  line0: 'the middle line',
  line1: 'the top line',
  line2: 'the bottom line',
  line3: 'the falling diagonal',
  line4: 'the rising diagonal',
  and: ' and ',
};

export type Strings = typeof english;

const urdu: Strings = {
  title: 'ڈیمو سلاٹ',
  demoContent: 'ڈیمو مواد: ہماری اپنی تصاویر کے ساتھ ایک فرضی گیم۔ اس کے پیچھے کوئی وینڈر نہیں۔',
  realMoney: 'اصلی رقم',
  demoMoney: 'ڈیمو رقم',
  balance: 'بیلنس',
  lastWin: 'آخری جیت',
  bet: 'شرط',
  spin: 'گھمائیں',
  spinning: 'گھوم رہا ہے…',
  reels: 'ریلیں',
  reelsShow: 'ریلوں پر: {cells}',
  column: 'ریل {number}: {symbols}',
  paytable: 'ادائیگی کا جدول',
  paytableCaption: 'ایک لائن پر تین ایک جیسے نشان کل شرط کا کئی گنا دیتے ہیں۔ پانچ لائنیں۔',
  symbol: 'نشان',
  pays: 'ادائیگی',
  timesBet: '{multiplier} × شرط',
  noWin: 'اس بار کوئی جیت نہیں۔',
  won: 'آپ نے {lines} پر {amount} جیتے۔',
  winPending: 'آپ نے {amount} جیتے؛ رقم آپ کے بیلنس میں آ رہی ہے۔',
  notEnoughMoney: 'اس شرط کے لیے بیلنس کافی نہیں۔',
  walletUnavailable: 'کیسینو کے والیٹ نے جواب نہیں دیا، اس لیے شرط نہیں لگی۔ دوبارہ کوشش کریں۔',
  refused: 'کیسینو نے شرط قبول نہیں کی ({status})۔',
  sessionLost: 'یہ گیم ختم ہو چکی ہے۔ اسے بند کریں اور کیسینو سے گیم دوبارہ شروع کریں۔',
  busy: 'ابھی گھوم رہا ہے…',
  tokenUsed: 'یہ گیم لنک پہلے ہی کھولا جا چکا ہے۔ اسے بند کریں اور کیسینو سے گیم دوبارہ شروع کریں۔',
  missingToken: 'یہ گیم لنک نامکمل ہے۔ کیسینو سے گیم دوبارہ شروع کریں۔',
  walletRefusedOpen: 'کیسینو نے یہ گیم کھولنے کی اجازت نہیں دی ({status})۔',
  walletUnavailableOpen: 'کیسینو کے والیٹ نے جواب نہیں دیا۔ گیم بند کریں اور تھوڑی دیر بعد دوبارہ کوشش کریں۔',
  badLaunch: 'یہ گیم لنک درست نہیں۔',
  cantOpen: 'گیم نہیں کھل سکتی',
  cherry: 'چیری',
  lemon: 'لیموں',
  bell: 'گھنٹی',
  star: 'ستارہ',
  seven: 'سات',
  lotus: 'کنول',
  line0: 'درمیانی لائن',
  line1: 'اوپری لائن',
  line2: 'نچلی لائن',
  line3: 'نیچے جاتی ترچھی لائن',
  line4: 'اوپر جاتی ترچھی لائن',
  and: ' اور ',
};

const byLanguage: Readonly<Record<string, { strings: Strings; direction: 'ltr' | 'rtl' }>> = {
  en: { strings: english, direction: 'ltr' },
  ur: { strings: urdu, direction: 'rtl' },
};

/** The page's language (its primary subtag, e.g. `ur` of `ur-pk`), or English. */
export const languageOf = (
  requested: string,
): { language: string; strings: Strings; direction: 'ltr' | 'rtl' } => {
  const primary = requested.toLowerCase().split(/[-_]/)[0] ?? '';
  const found = byLanguage[primary];
  return found
    ? { language: primary, ...found }
    : { language: 'en', ...byLanguage.en, strings: english, direction: 'ltr' };
};

/** Fills `{name}` marks. */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark);
