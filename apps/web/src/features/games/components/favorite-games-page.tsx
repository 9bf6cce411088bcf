import { MemberGamesPage } from './member-games-page';

/** /favorite: the member's favourite games. */
export function FavoriteGamesPage() {
  return <MemberGamesPage kind="favorite" />;
}
