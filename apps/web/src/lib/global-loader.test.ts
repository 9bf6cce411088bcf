import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { hideGlobalLoader, showGlobalLoader } from './global-loader';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the global loader', () => {
  it('drops home’s first banner the first time it hides, so a later wait shows the plain loader', () => {
    document.body.innerHTML =
      '<div id="global-loader" class="global-loader"><div class="global-loader__page"><img alt=""></div>' +
      '<span class="global-loader__spinner"></span></div>';
    const loader = document.getElementById('global-loader');

    hideGlobalLoader();
    expect(loader?.hidden).toBe(true);
    expect(loader?.querySelector('.global-loader__page')).toBeNull();
    expect(loader?.querySelector('.global-loader__spinner')).not.toBeNull();

    showGlobalLoader();
    expect(loader?.hidden).toBe(false);
    expect(loader?.querySelector('img')).toBeNull();
  });

  it('is named in the site’s language when it shows again (index.html names it in English)', async () => {
    document.body.innerHTML = '<div id="global-loader" role="status" aria-label="Loading" hidden></div>';
    await i18next.init({
      lng: 'vi',
      resources: { vi: { translation: { common: { loading: 'Đang tải' } } } },
    });

    showGlobalLoader();
    expect(document.getElementById('global-loader')?.getAttribute('aria-label')).toBe('Đang tải');
  });
});
