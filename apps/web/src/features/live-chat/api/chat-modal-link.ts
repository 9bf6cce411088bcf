/**
 * The chat room modal opens over whichever page carries `modal=chat` in its query (the server's CBS_launchChat
 * answers '/?modal=chat' when the brand has no external chat). Plain string work: this module is in the first
 * load (the side menu's chat entry uses it).
 */
const chatModalParameter = 'modal';
const chatModalValue = 'chat';

export const isChatModalOpen = (search: string): boolean =>
  new URLSearchParams(search).get(chatModalParameter) === chatModalValue;

const toSearch = (params: URLSearchParams): string => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The query of the current page with the chat modal closed. */
export const withoutChatModal = (search: string): string => {
  const params = new URLSearchParams(search);
  if (params.get(chatModalParameter) === chatModalValue) params.delete(chatModalParameter);
  return toSearch(params);
};

/**
 * Whether a chat URL the server answered is one of the site's own paths (our chat room) rather than an
 * external chat desk: a path on this origin ('/…', not the protocol-relative '//host').
 */
export const isSitePath = (chatUrl: string): boolean => chatUrl.startsWith('/') && !chatUrl.startsWith('//');

/**
 * Where the site goes for a site-path chat URL: its query (the chat modal) laid over the current page when the
 * path is the site's root, so the member keeps the page they were on; the path as given otherwise.
 */
export const resolveSiteChatTarget = (
  chatUrl: string,
  current: { pathname: string; search: string },
): { pathname: string; search: string } => {
  const target = new URL(chatUrl, 'http://site.invalid');
  if (target.pathname !== '/') return { pathname: target.pathname, search: target.search };
  const params = new URLSearchParams(current.search);
  for (const [name, value] of target.searchParams) params.set(name, value);
  return { pathname: current.pathname, search: toSearch(params) };
};
