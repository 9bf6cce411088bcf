import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { buildMenu } from '../../features/games/testing/game-fixtures';
import { changeSiteLanguage } from '../../lib/i18n';
import { buildMemberInfo, mockApi, ok } from '../../testing/mock-api';
import { buildSitePermission } from '../../testing/permission-fixture';
import { renderApp } from '../../testing/render-app';

afterEach(() => {
  changeSiteLanguage('EN');
});

const chooseLanguage = (code: string) => {
  fireEvent.change(screen.getByRole('combobox', { name: /^(Language|زبان)$/ }), { target: { value: code } });
};

it('stores lang and hisLang, turns the page right-to-left and tells the server for a member', async () => {
  window.sessionStorage.setItem('token', 'tok-1');
  const api = mockApi({
    'GET /wps/member/info': ok(buildMemberInfo({ account: 'player01' })),
    'GET /wps/member/info/icon': ok({ avatarUrl: null }),
    'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', ['PG'])]),
    'POST /wps/relay/getUpdateLanguage': ok(null),
  });
  renderApp('/', await buildSitePermission());
  await screen.findByTestId('header-account');

  chooseLanguage('UR');

  expect(window.localStorage.getItem('lang')).toBe('UR');
  expect(window.localStorage.getItem('hisLang')).toBe('EN');
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ur');
  await waitFor(() => {
    expect(api.requestsTo('POST /wps/relay/getUpdateLanguage').map((request) => request.body)).toEqual([
      { language: 'UR' },
    ]);
  });

  chooseLanguage('EN');
  expect(window.localStorage.getItem('hisLang')).toBe('UR');
  expect(document.documentElement.dir).toBe('ltr');
});

it('fetches the vendor list again even for a language seen before, and leaves the server alone for a guest', async () => {
  const api = mockApi({ 'GET /wps/lgw/games/game_menus': ok([buildMenu('RNG', ['PG'])]) });
  renderApp('/promotions', await buildSitePermission());
  const games = await screen.findByTestId('side-menu-games');
  await within(games).findByRole('link', { name: 'Slots' });
  const menuRequests = () =>
    api
      .requestsTo('GET /wps/lgw/games/game_menus')
      .map((request) => request.url.searchParams.get('language'));
  const before = menuRequests().length;

  chooseLanguage('UR');
  await within(games).findByRole('link', { name: 'سلاٹس' });
  chooseLanguage('EN');
  await within(games).findByRole('link', { name: 'Slots' });

  await waitFor(() => {
    expect(menuRequests().slice(before)).toEqual(['UR', 'EN']);
  });
  expect(api.requestsTo('POST /wps/relay/getUpdateLanguage')).toEqual([]);
});

it('offers the languages the brand configures', async () => {
  const permission = await buildSitePermission();
  renderApp('/promotions', {
    ...permission,
    info: { ...permission.info, languages: { ...permission.info.languages, supported: ['EN', 'UR', 'TY'] } },
  });
  const options = within(await screen.findByRole('combobox', { name: 'Language' })).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['English', 'اردو', 'Filipino']);

  chooseLanguage('TY');
  expect(document.documentElement.lang).toBe('fil');
  expect((await screen.findAllByRole('link', { name: 'Mga promo' })).length).toBeGreaterThan(0);
});

it('shows the languages added for issue 28 from their own dictionaries, each in its locale', async () => {
  const permission = await buildSitePermission();
  renderApp('/promotions', {
    ...permission,
    info: { ...permission.info, languages: { ...permission.info.languages, supported: ['EN', 'VI', 'ZH'] } },
  });
  const options = within(await screen.findByRole('combobox', { name: 'Language' })).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['English', 'Tiếng Việt', '简体中文']);

  chooseLanguage('VI');
  expect((await screen.findAllByRole('link', { name: 'Khuyến mãi' })).length).toBeGreaterThan(0);
  expect(document.documentElement.lang).toBe('vi');
  fireEvent.change(screen.getByRole('combobox', { name: 'Ngôn ngữ' }), { target: { value: 'ZH' } });
  expect((await screen.findAllByRole('link', { name: '优惠活动' })).length).toBeGreaterThan(0);
  expect(document.documentElement.lang).toBe('zh-CN');
});
