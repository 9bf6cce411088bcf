import { readStoredTheme, saveTheme } from './storage';

export const themes = ['dark', 'light'] as const;
export type Theme = (typeof themes)[number];

const isTheme = (value: unknown): value is Theme => themes.some((theme) => theme === value);

const systemTheme = (): Theme =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: light)').matches
    ? 'light'
    : 'dark';

/** The visitor's choice; on a first visit, the system's setting (index.html applies the same rule first). */
export const readTheme = (): Theme => {
  const stored = readStoredTheme();
  return isTheme(stored) ? stored : systemTheme();
};

/** The theme lives on <html data-theme>, where styles.css switches its colour variables. */
export const applyTheme = (theme: Theme): void => {
  document.documentElement.dataset.theme = theme;
};

export const chooseTheme = (theme: Theme): void => {
  applyTheme(theme);
  saveTheme(theme);
};
