import type { LanguageCode } from '@wps/contracts/site-rules';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishShell from 'virtual:site-dictionary/shell';
import { readStoredLanguage, saveLanguageChoice } from './storage';

type LanguageSetup = { i18nCode: string; dir: 'ltr' | 'rtl'; label: string };

/**
 * Languages this site has dictionaries for (spec section 9: EN, PT, TH, TY, UR; issue 28 adds VI, ID, ZH, HI
 * and BN), each complete. Which of them a brand offers is its configuration (permission
 * info.languages.supported, set in the console); EN is the fallback. The i18n code is also the locale numbers
 * and dates are formatted in (Brazilian Portuguese, Simplified Chinese).
 */
export const siteLanguages = {
  EN: { i18nCode: 'en', dir: 'ltr', label: 'English' },
  UR: { i18nCode: 'ur', dir: 'rtl', label: 'اردو' },
  PT: { i18nCode: 'pt-BR', dir: 'ltr', label: 'Português (Brasil)' },
  TH: { i18nCode: 'th', dir: 'ltr', label: 'ไทย' },
  TY: { i18nCode: 'fil', dir: 'ltr', label: 'Filipino' },
  VI: { i18nCode: 'vi', dir: 'ltr', label: 'Tiếng Việt' },
  ID: { i18nCode: 'id', dir: 'ltr', label: 'Bahasa Indonesia' },
  ZH: { i18nCode: 'zh-CN', dir: 'ltr', label: '简体中文' },
  HI: { i18nCode: 'hi', dir: 'ltr', label: 'हिन्दी' },
  BN: { i18nCode: 'bn', dir: 'ltr', label: 'বাংলা' },
} as const satisfies Record<LanguageCode, LanguageSetup>;
export type SiteLanguage = keyof typeof siteLanguages;
export const defaultLanguage: SiteLanguage = 'EN';

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  typeof value === 'string' && Object.hasOwn(siteLanguages, value);

/**
 * English is bundled (every page needs it, and it is the fallback); the other dictionaries download when their
 * language is chosen, so a visitor does not load four languages they do not read.
 */
const otherDictionaries: Record<Exclude<SiteLanguage, 'EN'>, () => Promise<{ default: object }>> = {
  UR: () => import('../locales/ur.json'),
  PT: () => import('../locales/pt.json'),
  TH: () => import('../locales/th.json'),
  TY: () => import('../locales/fil.json'),
  VI: () => import('../locales/vi.json'),
  ID: () => import('../locales/id.json'),
  ZH: () => import('../locales/zh.json'),
  HI: () => import('../locales/hi.json'),
  BN: () => import('../locales/bn.json'),
};

const loadDictionary = async (language: SiteLanguage): Promise<void> => {
  const { i18nCode } = siteLanguages[language];
  if (language === 'EN' || i18next.hasResourceBundle(i18nCode, 'translation')) return;
  const dictionary = await otherDictionaries[language]();
  i18next.addResourceBundle(i18nCode, 'translation', dictionary.default);
};

// The latest choice wins when a slower dictionary arrives after the visitor has picked again.
let chosenLanguage: SiteLanguage = defaultLanguage;
let languageSwitch: Promise<void> = Promise.resolve();

/** Shows the site in `language` once its dictionary is here (at once for English or a language seen before). */
const switchLanguage = (language: SiteLanguage): void => {
  chosenLanguage = language;
  languageSwitch = loadDictionary(language).then(
    async () => {
      if (chosenLanguage === language) await i18next.changeLanguage(siteLanguages[language].i18nCode);
    },
    // Offline: the site stays in the language it shows; the choice is stored for the next visit.
    () => undefined,
  );
};

/** Settles once the language last chosen shows; boot waits for it, so the first page is not in English first. */
export const languageReady = (): Promise<void> => languageSwitch;

/** The language last chosen (shown as soon as its dictionary has arrived). */
export const readCurrentLanguage = (): SiteLanguage => chosenLanguage;

const applyDocumentLanguage = (language: SiteLanguage): void => {
  document.documentElement.lang = siteLanguages[language].i18nCode;
  document.documentElement.dir = siteLanguages[language].dir;
  // The Nastaliq font is large, so only visitors who read Urdu download it.
  if (language === 'UR') void import('./urdu-font');
};

/**
 * Starts in English synchronously, so `t` works before React mounts; a stored other language follows as soon
 * as its dictionary arrives (see languageReady).
 */
export const initI18n = (): void => {
  const stored = readStoredLanguage();
  const language = isSiteLanguage(stored) ? stored : defaultLanguage;
  void i18next.use(initReactI18next).init({
    // A copy: the deferred sections are added to it later, and the imported module stays as it was built.
    resources: { en: { translation: { ...englishShell } } },
    lng: siteLanguages[defaultLanguage].i18nCode,
    fallbackLng: siteLanguages[defaultLanguage].i18nCode,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  applyDocumentLanguage(language);
  switchLanguage(language);
};

let deferredEnglish: Promise<void> | null = null;

/**
 * Adds the English sections that no module of the first load uses (see vite.config.ts). Every chunk loaded on
 * demand waits for it beside its own code (loadChunk), so such a page never shows a bare key; other languages'
 * dictionaries are whole already.
 */
export const loadDeferredDictionary = (): Promise<void> => {
  deferredEnglish ??= import('virtual:site-dictionary/deferred').then(({ default: sections }) => {
    i18next.addResourceBundle('en', 'translation', sections, true, false);
  });
  return deferredEnglish;
};

/** Spec section 4, Language change: `lang` and `hisLang` keep the current and the previous choice. */
export const changeSiteLanguage = (language: SiteLanguage): void => {
  const previous = readCurrentLanguage();
  saveLanguageChoice(language, previous);
  applyDocumentLanguage(language);
  switchLanguage(language);
};

/** The brand's default language applies until the visitor picks one. */
export const adoptBrandLanguage = (brandDefault: LanguageCode): void => {
  if (
    readStoredLanguage() === null &&
    isSiteLanguage(brandDefault) &&
    brandDefault !== readCurrentLanguage()
  ) {
    applyDocumentLanguage(brandDefault);
    switchLanguage(brandDefault);
  }
};
