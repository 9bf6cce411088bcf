import type { LanguageCode } from '@wps/contracts/site';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ur from '../locales/ur.json';
import { readStoredLanguage, saveLanguageChoice } from './storage';

type LanguageSetup = { i18nCode: string; dir: 'ltr' | 'rtl'; label: string };

/** Languages this site has translations for (spec section 1: EN and UR, EN by default). */
export const siteLanguages = {
  EN: { i18nCode: 'en', dir: 'ltr', label: 'English' },
  UR: { i18nCode: 'ur', dir: 'rtl', label: 'اردو' },
} as const satisfies Partial<Record<LanguageCode, LanguageSetup>>;
export type SiteLanguage = keyof typeof siteLanguages;
export const defaultLanguage: SiteLanguage = 'EN';

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  typeof value === 'string' && Object.hasOwn(siteLanguages, value);

export const resources = {
  en: { translation: en },
  ur: { translation: ur },
} as const;

const toSiteLanguage = (i18nCode: string | undefined): SiteLanguage =>
  (Object.keys(siteLanguages) as SiteLanguage[]).find((code) => siteLanguages[code].i18nCode === i18nCode) ??
  defaultLanguage;

export const readCurrentLanguage = (): SiteLanguage =>
  toSiteLanguage(i18next.resolvedLanguage ?? i18next.language);

const applyDocumentLanguage = (language: SiteLanguage): void => {
  document.documentElement.lang = siteLanguages[language].i18nCode;
  document.documentElement.dir = siteLanguages[language].dir;
};

export const initI18n = (): void => {
  const stored = readStoredLanguage();
  const language = isSiteLanguage(stored) ? stored : defaultLanguage;
  // Resources are bundled, so initialisation is synchronous and `t` works before React mounts.
  void i18next.use(initReactI18next).init({
    resources,
    lng: siteLanguages[language].i18nCode,
    fallbackLng: siteLanguages[defaultLanguage].i18nCode,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  applyDocumentLanguage(language);
};

export const changeSiteLanguage = (language: SiteLanguage): void => {
  const previous = readCurrentLanguage();
  saveLanguageChoice(language, previous);
  applyDocumentLanguage(language);
  void i18next.changeLanguage(siteLanguages[language].i18nCode);
};

/** The brand's default language applies until the visitor picks one. */
export const adoptBrandLanguage = (brandDefault: LanguageCode): void => {
  if (
    readStoredLanguage() === null &&
    isSiteLanguage(brandDefault) &&
    brandDefault !== readCurrentLanguage()
  ) {
    applyDocumentLanguage(brandDefault);
    void i18next.changeLanguage(siteLanguages[brandDefault].i18nCode);
  }
};
