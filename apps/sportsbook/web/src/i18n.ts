import { readChoice, rememberChoice } from './storage';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import english from '../locales/en.json';
import urdu from '../locales/ur.json';

export const languages = { en: { dir: 'ltr' }, ur: { dir: 'rtl' } } as const;
export type Language = keyof typeof languages;

const storageKey = 'sportsbook.language';

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(languages, value);

/** The player's last choice on this device, else the language the casino launched the page in. */
export const readPreferredLanguage = (launchLanguage: string): Language => {
  const stored = readChoice(storageKey);
  if (isLanguage(stored)) return stored;
  const launched = launchLanguage.toLowerCase().slice(0, 2);
  return isLanguage(launched) ? launched : 'en';
};

const applyToDocument = (language: string): void => {
  const code = isLanguage(language) ? language : 'en';
  document.documentElement.lang = code;
  document.documentElement.dir = languages[code].dir;
};

/** Both dictionaries are small, so both are bundled: switching language is instant. */
export const initI18n = (): void => {
  if (i18next.isInitialized) return;
  i18next.on('languageChanged', applyToDocument);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: english }, ur: { translation: urdu } },
    lng: 'en',
    fallbackLng: 'en',
    // Bet kinds such as "system:2/3" are keys; one namespace, so ':' separates nothing.
    nsSeparator: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applyToDocument(i18next.language);
};

export const chooseLanguage = (language: Language, isRemembered: boolean): void => {
  if (isRemembered) rememberChoice(storageKey, language);
  void i18next.changeLanguage(language);
};
