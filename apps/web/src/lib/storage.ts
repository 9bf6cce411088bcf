/** Storage keys the spec names (section 3, client state) plus the site's own theme choice. */
export const storageKeys = {
  token: 'token',
  merchantCode: 'merchantCode',
  referralCode: 'referralCode',
  language: 'lang',
  previousLanguage: 'hisLang',
  theme: 'theme',
} as const;
type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

// Storage throws when the browser blocks it (private modes, disabled cookies); the site must still work.
const readItem = (storage: () => Storage, key: StorageKey): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};

const writeItem = (storage: () => Storage, key: StorageKey, value: string | null): void => {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: the value simply does not survive a reload.
  }
};

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const readSessionToken = (): string | null => readItem(session, storageKeys.token);
export const saveSessionToken = (token: string | null): void => {
  writeItem(session, storageKeys.token, token);
};

export const readMerchantCode = (): string | null =>
  readItem(session, storageKeys.merchantCode) ?? readItem(local, storageKeys.merchantCode);
export const saveMerchantCode = (code: string): void => {
  writeItem(session, storageKeys.merchantCode, code);
  writeItem(local, storageKeys.merchantCode, code);
};

export const readReferralCode = (): string | null => readItem(session, storageKeys.referralCode);
export const saveReferralCode = (code: string): void => {
  writeItem(session, storageKeys.referralCode, code);
};

export const readStoredLanguage = (): string | null => readItem(local, storageKeys.language);
export const saveLanguageChoice = (current: string, previous: string | null): void => {
  writeItem(local, storageKeys.language, current);
  writeItem(local, storageKeys.previousLanguage, previous);
};

export const readStoredTheme = (): string | null => readItem(local, storageKeys.theme);
export const saveTheme = (theme: string): void => {
  writeItem(local, storageKeys.theme, theme);
};
