/** Storage keys the spec names (section 3, client state) plus the site's own theme choice. */
export const storageKeys = {
  token: 'token',
  merchantCode: 'merchantCode',
  referralCode: 'referralCode',
  /** Set while a forced password change is pending (spec: the cpw session item). */
  passwordChangePending: 'cpw',
  firstTimeLogin: 'firstTimeLogin',
  /** Audiences (A, B, F) whose announcement popup was closed in this session. */
  announcementPopupClosed: 'announcementPopupClosed',
  language: 'lang',
  previousLanguage: 'hisLang',
  theme: 'theme',
  /** The header balance shown as **** (the member's choice, kept across visits). */
  balanceHidden: 'balanceHidden',
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

// Login state follows the token (and the pending password change), so screens subscribe to changes
// instead of reading storage on every render.
const sessionListeners = new Set<() => void>();
const notifySessionListeners = (): void => {
  for (const listener of sessionListeners) listener();
};
export const subscribeSessionStorage = (listener: () => void): (() => void) => {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
};

export const readSessionToken = (): string | null => readItem(session, storageKeys.token);
export const saveSessionToken = (token: string | null): void => {
  writeItem(session, storageKeys.token, token);
  notifySessionListeners();
};

/** Logout (spec section 4): the whole session storage goes, except the brand's merchant code. */
export const clearSessionKeepingMerchant = (): void => {
  const merchantCode = readItem(session, storageKeys.merchantCode);
  try {
    session().clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  if (merchantCode !== null) writeItem(session, storageKeys.merchantCode, merchantCode);
  notifySessionListeners();
};

export const isPasswordChangePending = (): boolean =>
  readItem(session, storageKeys.passwordChangePending) !== null;
export const savePasswordChangePending = (isPending: boolean): void => {
  writeItem(session, storageKeys.passwordChangePending, isPending ? '1' : null);
  // The forced change-password modal follows this flag as it follows the token.
  notifySessionListeners();
};

export const saveFirstTimeLogin = (isFirstTime: boolean): void => {
  writeItem(session, storageKeys.firstTimeLogin, isFirstTime ? '1' : null);
};
export const isFirstTimeLogin = (): boolean => readItem(session, storageKeys.firstTimeLogin) === '1';

/** Spec section 4: the announcement popup shows once per session per audience, until it is closed. */
export const readClosedAnnouncementAudiences = (): string[] =>
  (readItem(session, storageKeys.announcementPopupClosed) ?? '').split(',').filter(Boolean);
export const markAnnouncementPopupClosed = (audience: string): void => {
  const closed = new Set([...readClosedAnnouncementAudiences(), audience]);
  writeItem(session, storageKeys.announcementPopupClosed, [...closed].join(','));
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

export const readBalanceHidden = (): boolean => readItem(local, storageKeys.balanceHidden) === '1';
export const saveBalanceHidden = (isHidden: boolean): void => {
  writeItem(local, storageKeys.balanceHidden, isHidden ? '1' : null);
};
