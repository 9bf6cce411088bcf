// The loader lives in index.html so it shows before React mounts; screens toggle it through these two calls.
const findLoader = (): HTMLElement | null => document.getElementById('global-loader');

export const showGlobalLoader = (): void => {
  findLoader()?.removeAttribute('hidden');
};

export const hideGlobalLoader = (): void => {
  findLoader()?.setAttribute('hidden', '');
};
