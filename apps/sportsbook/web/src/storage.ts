/**
 * The player's remembered choices (odds format, language). The page runs in the casino's frame, on another site:
 * browsers that block third-party storage throw on any access, so a choice is then kept for the visit only.
 */
const memory = new Map<string, string>();

export const readChoice = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
};

export const rememberChoice = (key: string, value: string): void => {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage is blocked in this frame: the choice lasts as long as the page.
    memory.set(key, value);
  }
};
