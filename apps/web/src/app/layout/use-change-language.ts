import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../features/auth/api/use-session';
import { gameMenusQueryKey } from '../../features/games/api/get-game-menus';
import { updateMemberLanguage } from '../../features/members/api/update-language';
import { changeSiteLanguage, type SiteLanguage } from '../../lib/i18n';

/**
 * Spec section 4, Language change: stores lang and hisLang, switches the site, tells the server when a member
 * is logged in, and fetches the vendor list again (its names and artwork follow the language).
 */
export const useChangeLanguage = (): ((language: SiteLanguage) => void) => {
  const queryClient = useQueryClient();
  const { isLogin } = useSession();
  return (language) => {
    changeSiteLanguage(language);
    // Marked stale without a fetch now: the new language's list loads (again) as the site re-renders in it.
    void queryClient.invalidateQueries({ queryKey: gameMenusQueryKey, refetchType: 'none' });
    // The preference is a convenience for the member's other devices; a failure must not undo the switch.
    if (isLogin) updateMemberLanguage(language).catch(() => undefined);
  };
};
