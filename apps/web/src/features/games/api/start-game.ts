import type { Game, LaunchGameResult } from '@wps/contracts/games';
import { lotteryRouteOf } from '@wps/contracts/games-rules';
import { houseGamePathOf } from '@wps/contracts/house-games-rules';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { isApiError } from '../../../lib/api-client';
import { readCurrentLanguage } from '../../../lib/i18n';
import { translateApiError } from '../../../lib/translate-message';
import { useActionGuard } from '../../auth/api/use-action-guard';
import { launchGame, type LaunchMode } from './launch-game';

export type StartGameOptions = {
  /** The free trial: the vendor's demo money, for anyone (guests included). */
  demo?: boolean;
  /** Started from the vendor's popup game list: launch the game itself, do not open the list again. */
  fromVendorList?: boolean;
};

/* ---- Launches handed to the /seamless page ---- */

/**
 * Launch answers live in memory only, under an id the history entry of /seamless carries. A reload (or
 * going back to the entry later) finds nothing and offers to start again, so a launch token is never
 * opened twice and never sits in the address bar, the history or storage.
 */
const launches = new Map<string, LaunchGameResult>();

export type SeamlessState = { launchId: string };

export const seamlessPathOf = (nodeId: number, mode: LaunchMode): string =>
  `/seamless?${new URLSearchParams({ nodeId: String(nodeId), mode }).toString()}`;

const isSeamlessState = (state: unknown): state is SeamlessState =>
  typeof state === 'object' && state !== null && 'launchId' in state && typeof state.launchId === 'string';

/** The launch a /seamless history entry points at, when this page load still holds it. */
export const findLaunch = (state: unknown): { launchId: string; launch: LaunchGameResult } | null => {
  if (!isSeamlessState(state)) return null;
  const launch = launches.get(state.launchId);
  return launch === undefined ? null : { launchId: state.launchId, launch };
};

/** Called when the game page closes: the launch cannot be opened again. */
export const forgetLaunch = (launchId: string): void => {
  launches.delete(launchId);
};

/* ---- The vendor's popup game list (isGame VASSALAGE) ---- */

export type VendorGamesChoice = { vassalage: string; displayName: string; gameType: string };

let vendorGamesChoice: VendorGamesChoice | null = null;
const popupListeners = new Set<() => void>();
const setVendorGamesChoice = (choice: VendorGamesChoice | null): void => {
  vendorGamesChoice = choice;
  for (const listener of popupListeners) listener();
};

/** Opens the popup game list of a vendor (a game or vendor card with isGame VASSALAGE). */
export const openVendorGames = (choice: VendorGamesChoice): void => {
  setVendorGamesChoice(choice);
};

/** The vendor whose popup game list is open, and a way to close it; the site shell renders the popup. */
export const useVendorGamesPopup = () => {
  const choice = useSyncExternalStore(
    (listener) => {
      popupListeners.add(listener);
      return () => {
        popupListeners.delete(listener);
      };
    },
    () => vendorGamesChoice,
  );
  return {
    choice,
    close: () => {
      setVendorGamesChoice(null);
    },
  };
};

/* ---- Starting a game ---- */

/** One launch at a time: a second click while the first is on its way does nothing. */
let isLaunching = false;

/**
 * Launches a game through the vendor and opens the /seamless page on it; failures are told in a dialog.
 * `replace` replaces the current history entry (starting again from /seamless).
 */
export const useLaunchGame = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  return useCallback(
    async (nodeId: number, mode: LaunchMode, { replace = false } = {}): Promise<void> => {
      if (isLaunching) return;
      isLaunching = true;
      try {
        const launch = await launchGame({ nodeId, language: readCurrentLanguage(), mode });
        const launchId = crypto.randomUUID();
        launches.set(launchId, launch);
        const state: SeamlessState = { launchId };
        await navigate(seamlessPathOf(nodeId, mode), { state, replace });
      } catch (error) {
        if (isApiError(error) && error.code === 'UNAUTHORIZED') {
          await navigate('/login');
        } else if (isApiError(error) && error.code === 'TRIAL_NOT_ALLOWED') {
          await dialogs.alert({ message: t('in_need_true_account') });
        } else {
          await dialogs.alert({ message: translateApiError(t, error) });
        }
      } finally {
        isLaunching = false;
      }
    },
    [dialogs, navigate, t],
  );
};

/**
 * Spec section 4, Starting a game. The free trial starts the vendor's demo for anyone. Otherwise a guest
 * gets the login modal and a trial account the in_need_true_account warning (the action guard); then by
 * vendor: house games (vendor HOUSE) open their own page, TCG_LOTTO_VN, TCG_SEA, LOTT and ELOTT open the site's
 * lottery pages with the game code, a vendor
 * that lists its games in a popup (isGame VASSALAGE) opens that list, any other vendor launches through
 * `/game/launchGame` and plays on /seamless.
 */
export const useStartGame = () => {
  const navigate = useNavigate();
  const { run } = useActionGuard();
  const launch = useLaunchGame();
  return useCallback(
    (game: Game, options: StartGameOptions = {}): void => {
      if (options.demo === true) {
        void launch(game.nodeId, 'demo');
        return;
      }
      run(() => {
        const lotteryRoute = lotteryRouteOf(game.vassalage);
        const housePath = houseGamePathOf(game.vassalage, game.gameCode);
        if (housePath !== null) {
          void navigate(housePath);
        } else if (lotteryRoute !== null) {
          const search = new URLSearchParams({ gameCode: game.gameCode }).toString();
          void navigate(`${lotteryRoute}?${search}`);
        } else if (game.isGame === 'VASSALAGE' && options.fromVendorList !== true) {
          openVendorGames({
            vassalage: game.vassalage,
            displayName: game.displayName,
            gameType: game.gameType,
          });
        } else {
          void launch(game.nodeId, 'real');
        }
      });
    },
    [launch, navigate, run],
  );
};
