import { MemberGamesPage } from './member-games-page';

/** /recent: the games the member played last. */
export function RecentGamesPage() {
  return <MemberGamesPage kind="recent" />;
}
