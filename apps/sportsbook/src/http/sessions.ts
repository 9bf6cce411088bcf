import { randomBytes } from 'node:crypto';

/**
 * Players' sessions on the sportsbook page, one per launch: the platform's user and launch token (bets need it)
 * and what the launch asked for. In memory like any game page's session (a restart asks the player to open the
 * game again), bounded, forgotten after 12 idle hours. The launch token is used once: a second open is refused.
 */
export type BookPageSession = {
  id: string;
  user: string;
  token: string;
  vendorCode: string;
  gameCode: string;
  currency: string;
  language: string;
  focus: 'sports' | 'esports';
  isDemo: boolean;
  lastUsedAt: number;
};

const idleLimitMs = 12 * 60 * 60 * 1000;

export const createPageSessions = ({ maxSessions = 20_000 }: { maxSessions?: number } = {}) => {
  const sessions = new Map<string, BookPageSession>();
  const usedTokens = new Set<string>();
  return {
    /** Marks a launch token used; false when it was used before. */
    useToken: (token: string): boolean => {
      if (usedTokens.has(token)) return false;
      if (usedTokens.size >= maxSessions * 4) usedTokens.clear();
      usedTokens.add(token);
      return true;
    },
    create: (fields: Omit<BookPageSession, 'id' | 'lastUsedAt'>): BookPageSession => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        if (sessions.size < maxSessions && now - session.lastUsedAt <= idleLimitMs) break;
        sessions.delete(id);
      }
      const session = { ...fields, id: randomBytes(24).toString('base64url'), lastUsedAt: now };
      sessions.set(session.id, session);
      return session;
    },
    find: (id: string | undefined): BookPageSession | undefined => {
      const session = id === undefined ? undefined : sessions.get(id);
      if (!session || Date.now() - session.lastUsedAt > idleLimitMs) return undefined;
      session.lastUsedAt = Date.now();
      return session;
    },
  };
};

export type PageSessions = ReturnType<typeof createPageSessions>;
