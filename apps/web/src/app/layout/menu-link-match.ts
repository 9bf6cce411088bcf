/**
 * Whether a menu entry's link is the page open now. The paths must be the same (with `end`, exactly; without,
 * the open path may go deeper), and every query parameter the link names must have the same value in the open
 * address: `/member?page=rewardCenter` is current on that page only, not on every `?page=` of /member as a
 * path-only match (react-router's NavLink) would have it.
 */
export const isMenuLinkCurrent = (
  to: string,
  location: { pathname: string; search: string },
  { end = false }: { end?: boolean } = {},
): boolean => {
  const link = new URL(to, 'http://menu.invalid');
  const trim = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const linkPath = trim(link.pathname).toLowerCase();
  const openPath = trim(location.pathname).toLowerCase();
  const isSamePath = end
    ? openPath === linkPath
    : openPath === linkPath || openPath.startsWith(linkPath === '/' ? '/' : `${linkPath}/`);
  if (!isSamePath) return false;
  const open = new URLSearchParams(location.search);
  return [...link.searchParams].every(([name, value]) => open.get(name) === value);
};
