import type { Announcement, Banner, Content } from '@wps/contracts/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok, type MockRequest } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import {
  carouselAutoplayDelayMs,
  carouselCoverflowDepth,
  carouselCoverflowRotate,
  carouselSpeedMs,
  isCarousel,
  swiperSettings,
} from './carousel-settings';

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const announcement = (index: number, execution: Announcement['execution']): Announcement => ({
  id: `${execution}${String(index)}`,
  type: 'PU',
  title: `${execution} news ${String(index)}`,
  content: `<p>Body of ${execution} news ${String(index)}</p><img src="https://cdn.example.com/x.png" onerror="window.hacked = 1">`,
  startDate: Date.UTC(2025, 0, 20 - index),
  endDate: null,
  promotionType: null,
  execution,
});

const banner = (id: string, linkage: Pick<Banner, 'linkageType' | 'linkUrl'>): Banner => ({
  id,
  groupName: 'w_home',
  url: `/content/banners/${id}.svg`,
  title: `Banner ${id}`,
  ...linkage,
});

const contentFor =
  (banners: Banner[], popupCount = 12) =>
  (request: MockRequest) => {
    const execution = request.url.searchParams.get('execution') as Announcement['execution'];
    const content: Content = {
      banners,
      notices: [{ ...announcement(1, 'B'), type: 'PL', title: 'Maintenance on Tuesday' }],
      popup: Array.from({ length: popupCount }, (_, index) => announcement(index + 1, execution)),
      promotion: [],
      help: [],
    };
    return ok(content);
  };

const threeBanners = [
  banner('welcome', { linkageType: 'ROUTE', linkUrl: '/promotions' }),
  banner('live', { linkageType: 'URL', linkUrl: 'https://example.com/live' }),
  banner('plain', { linkageType: null, linkUrl: null }),
];

const selectedTitle = () => within(screen.getByTestId('announcement-pane')).getByRole('heading').textContent;
const listedTitles = () =>
  screen.getAllByTestId('announcement-item').map((item) => item.querySelector('span')?.textContent);

describe('announcement popup', () => {
  it('pages nine at a time, selects on click, and a page change selects that page’s first', async () => {
    const api = mockApi({ 'GET /wps/relay/CSP_getContent': contentFor(threeBanners) });
    renderApp('/', permission);

    // The popup's code (and the sanitiser) loads when it opens: the first time in this file takes longer.
    const popup = await screen.findByTestId('announcement-popup', {}, { timeout: 5_000 });
    expect(api.requestsTo('GET /wps/relay/CSP_getContent')[0]?.url.searchParams.get('execution')).toBe('B');
    expect(screen.getAllByTestId('announcement-item')).toHaveLength(9);
    expect(selectedTitle()).toBe('B news 1');
    expect(screen.getAllByTestId('announcement-item')[0]?.getAttribute('aria-current')).toBe('true');

    fireEvent.click(screen.getAllByTestId('announcement-item')[2] as HTMLElement);
    expect(selectedTitle()).toBe('B news 3');

    fireEvent.click(within(popup).getByTestId('announcement-pagination-next'));
    expect(listedTitles()).toEqual(['B news 10', 'B news 11', 'B news 12']);
    expect(selectedTitle()).toBe('B news 10');
    fireEvent.click(within(popup).getByTestId('announcement-pagination-previous'));
    expect(selectedTitle()).toBe('B news 1');

    // The numbered pager (margin 1, range 5): a page's number goes there and selects its first.
    const pager = within(popup).getByTestId('announcement-pagination');
    expect(within(pager).getByRole('button', { current: 'page' }).textContent).toBe('1');
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(within(pager).getByRole('button', { current: 'page' }).textContent).toBe('2');
    expect(selectedTitle()).toBe('B news 10');
    fireEvent.keyDown(within(pager).getByRole('button', { name: 'Page 2' }), { key: 'Home' });
    expect(selectedTitle()).toBe('B news 1');

    // The operator's HTML is shown without its event handlers.
    const pane = screen.getByTestId('announcement-pane');
    expect(pane.querySelector('img')).not.toBeNull();
    expect(pane.innerHTML).not.toContain('onerror');
  });

  it('stays closed for the session once closed, per audience', async () => {
    mockApi({
      'GET /wps/relay/CSP_getContent': contentFor(threeBanners),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    const first = renderApp('/', permission);
    const popup = await screen.findByTestId('announcement-popup');
    fireEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByTestId('announcement-popup')).toBeNull();
    });
    expect(window.sessionStorage.getItem('announcementPopupClosed')).toBe('B');
    first.unmount();

    // A reload in the same session: the anonymous popup stays closed.
    const second = renderApp('/', permission);
    expect(await screen.findByTestId('notice-marquee')).toBeTruthy();
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
    second.unmount();

    // Logged in, the members' popup (execution A) is a different audience and shows.
    window.sessionStorage.setItem('token', 'tok-1');
    renderApp('/', permission);
    await screen.findByTestId('announcement-popup');
    expect(selectedTitle()).toBe('A news 1');
  });

  it('shows the first-time-login popup (execution F) after a first login', async () => {
    const api = mockApi({
      'GET /wps/relay/CSP_getContent': contentFor([], 2),
      'GET /wps/member/info': ok(buildMemberInfo()),
    });
    window.sessionStorage.setItem('token', 'tok-1');
    window.sessionStorage.setItem('firstTimeLogin', '1');
    renderApp('/', permission);
    await screen.findByTestId('announcement-popup');
    expect(selectedTitle()).toBe('F news 1');
    expect(screen.queryByTestId('announcement-pagination')).toBeNull();
    expect(
      api.requestsTo('GET /wps/relay/CSP_getContent').map((r) => r.url.searchParams.get('execution')),
    ).toEqual(['F']);
  });

  it('waits while the sign-up modal an affiliate link opened is up, and shows once it closes', async () => {
    mockApi({
      'GET /wps/relay/CSP_getContent': contentFor(threeBanners),
      'GET /wps/agent/affiliate': ok({ agentAccount: 'agent007' }),
    });
    // The popup shows on the home page (and its code is loaded, so below it would show at once if it could).
    const home = renderApp('/', permission);
    await screen.findByTestId('announcement-popup', {}, { timeout: 5_000 });
    home.unmount();

    renderApp('/register?affiliate=AGENT7', permission);
    const modal = await screen.findByTestId('register-modal', {}, { timeout: 5_000 });
    // The home page under the modal has its content (the popup's list is here), yet no popup covers the form.
    expect(await screen.findByTestId('notice-marquee')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByTestId('notice-marquee-open')).not.toBeNull();
    });
    expect(screen.queryByTestId('announcement-popup')).toBeNull();
    // Held, not closed: the session has not marked it seen.
    expect(window.sessionStorage.getItem('announcementPopupClosed')).toBeNull();

    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByTestId('register-modal')).toBeNull();
    });
    expect(await screen.findByTestId('announcement-popup', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('opens the notice popup from the marquee', async () => {
    window.sessionStorage.setItem('announcementPopupClosed', 'B');
    mockApi({ 'GET /wps/relay/CSP_getContent': contentFor(threeBanners) });
    renderApp('/', permission);
    fireEvent.click(await screen.findByTestId('notice-marquee-open'));
    const popup = await screen.findByTestId('notice-popup');
    expect(within(popup).getByTestId('announcement-pane').textContent).toContain('Maintenance on Tuesday');
  });
});

describe('banner carousel', () => {
  it('follows the spec’s constants: loop, autoplay 5000 ms, speed 1000 ms, coverflow 200 and 30', () => {
    expect(isCarousel(1)).toBe(false);
    expect(isCarousel(2)).toBe(true);
    expect(swiperSettings).toMatchObject({
      loop: true,
      speed: carouselSpeedMs,
      autoplay: { delay: carouselAutoplayDelayMs },
      effect: 'coverflow',
      coverflowEffect: { depth: carouselCoverflowDepth, rotate: carouselCoverflowRotate },
    });
    expect([
      carouselAutoplayDelayMs,
      carouselSpeedMs,
      carouselCoverflowDepth,
      carouselCoverflowRotate,
    ]).toEqual([5000, 1000, 200, 30]);
  });

  it('is static with one banner: no arrows, no pagination, no link without linkageType', async () => {
    window.sessionStorage.setItem('announcementPopupClosed', 'B');
    mockApi({
      'GET /wps/relay/CSP_getContent': contentFor([banner('plain', { linkageType: null, linkUrl: null })]),
    });
    renderApp('/', permission);
    const carousel = await screen.findByTestId('banner-carousel');
    expect(within(carousel).getByText('Banner plain')).toBeTruthy();
    expect(within(carousel).queryByTestId('banner-previous')).toBeNull();
    expect(within(carousel).queryByTestId('banner-dot')).toBeNull();
    expect(within(carousel).queryByTestId('banner-link')).toBeNull();
  });

  it('shows the first banner as a plain image at once, and brings in Swiper when the visitor reaches for it', async () => {
    window.sessionStorage.setItem('announcementPopupClosed', 'B');
    mockApi({ 'GET /wps/relay/CSP_getContent': contentFor(threeBanners) });
    renderApp('/', permission);
    const section = await screen.findByTestId('banner-carousel');
    const [image] = section.getElementsByTagName('img');
    expect(image?.getAttribute('src')).toBe('/content/banners/welcome.svg');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['1200', '400']);
    expect(within(section).queryByTestId('banner-carousel-swiper')).toBeNull();

    fireEvent.pointerOver(section);
    expect(await screen.findByTestId('banner-carousel-swiper', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('moves with arrows and pagination for several banners, and a linked banner opens its link', async () => {
    window.sessionStorage.setItem('announcementPopupClosed', 'B');
    mockApi({ 'GET /wps/relay/CSP_getContent': contentFor(threeBanners) });
    renderApp('/', permission);
    fireEvent.pointerOver(await screen.findByTestId('banner-carousel'));
    const carousel = await screen.findByTestId('banner-carousel-swiper', {}, { timeout: 5000 });
    expect(within(carousel).getByTestId('banner-previous')).toBeTruthy();
    expect(within(carousel).getByTestId('banner-next')).toBeTruthy();
    expect(within(carousel).getAllByTestId('banner-dot')).toHaveLength(3);

    const links = within(carousel).getAllByTestId('banner-link');
    const external = links.find((link) => link.getAttribute('href') === 'https://example.com/live');
    expect(external?.getAttribute('target')).toBe('_blank');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer');
    const internal = links.find((link) => link.getAttribute('href') === '/promotions');
    fireEvent.click(internal as HTMLElement);
    await waitFor(() => {
      expect(window.location.pathname).toBe('/promotions');
    });
  });
});
