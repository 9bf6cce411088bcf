import type { Game, GameCategoryMenu, VendorCard } from '@wps/contracts/games';
import { vi } from 'vitest';
import { buildMemberInfo, mockApi, ok, type MockReply, type MockRequest } from '../../../testing/mock-api';

type Route = MockReply | ((request: MockRequest) => MockReply);

export const buildGame = (overrides: Partial<Game> = {}): Game => ({
  nodeId: 101,
  nodeName: 'fortune-tiger',
  gameType: 'RNG',
  vassalage: 'PG',
  gameCode: 'FT1',
  gameName: 'Fortune Tiger',
  gameClassify: 'SLOT',
  displayName: 'PG Soft',
  showIcon: 1,
  iconUrl: '/TCG_GAME_ICONS/PG/FT1.png',
  lagerIcon: '/TCG_GAME_ICONS/PG/FT1-L.png',
  isHot: 0,
  isNew: 0,
  supportPlay: 1,
  freeplay: 0,
  isGame: '',
  ...overrides,
});

/** `count` distinct games, numbered from `firstId`. */
export const buildGames = (count: number, firstId = 1, overrides: Partial<Game> = {}): Game[] =>
  Array.from({ length: count }, (_, index) =>
    buildGame({ nodeId: firstId + index, gameName: `Game ${firstId + index}`, ...overrides }),
  );

export const buildVendorCard = (vassalage: string, overrides: Partial<VendorCard> = {}): VendorCard => ({
  vassalage,
  displayName: `${vassalage} Games`,
  gameType: 'RNG',
  accountTypeName: vassalage,
  isGame: '',
  freeplay: 0,
  gameCount: 10,
  ...overrides,
});

export const buildMenu = (
  title: string,
  vendors: readonly string[],
  classify: GameCategoryMenu['gameClassify'] = [],
): GameCategoryMenu => ({
  title,
  cards: vendors.map((vendor) => buildVendorCard(vendor, { gameType: title })),
  gameClassify: classify,
});

/** A game page as GCSGAME_gameList answers. */
export const gamePage = (games: readonly Game[], totalPages = 1, pageNo = 1) =>
  ok({ games, totalPages, pageNo, total: games.length });

/** A logged-in member (token in session storage) with the given routes. */
export const logInWithGames = (routes: Record<string, Route>) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({ 'GET /wps/member/info': ok(buildMemberInfo()), ...routes });
};

/** Stubs IntersectionObserver; `reveal()` tells every observer its targets came into view. */
export const stubIntersectionObserver = () => {
  const observers: {
    callback: IntersectionObserverCallback;
    options: IntersectionObserverInit | undefined;
  }[] = [];
  class FakeIntersectionObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    observers,
    reveal: () => {
      for (const { callback } of observers.splice(0)) {
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    },
  };
};
