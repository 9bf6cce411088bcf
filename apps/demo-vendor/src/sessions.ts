import { createHash, randomBytes } from 'node:crypto';

/**
 * Game sessions of the vendor: one per opened game, named by a random id that the page sends with every
 * spin. A real-money session holds the platform's launch token (for bets) and the player's last known
 * balance; a demo session holds its pretend money. Kept in memory, bounded, and forgotten after 12 idle hours.
 */

export type GameMode = 'real' | 'demo';

export type Launch = {
  mode: GameMode;
  vendorCode: string;
  gameCode: string;
  currency: string;
  language: string;
  /** Real money only: the platform's user and its one-time launch token. */
  user?: string;
  token?: string;
};

export type VendorSession = Launch & {
  id: string;
  /** Protocol units (× 100,000). */
  balance: bigint;
  lastWin: bigint;
  /** One spin at a time per session. */
  isBusy: boolean;
  lastUsedAt: number;
};

const idleLimitMs = 12 * 60 * 60 * 1000;

export const createSessionStore = ({ maxSessions = 10_000 }: { maxSessions?: number } = {}) => {
  const sessions = new Map<string, VendorSession>();

  const isStale = (session: VendorSession, now: number) => now - session.lastUsedAt > idleLimitMs;

  return {
    create: (launch: Launch, balance: bigint): VendorSession => {
      const now = Date.now();
      for (const [id, session] of sessions) {
        if (sessions.size < maxSessions && !isStale(session, now)) break;
        // Map order is creation order: the oldest go first.
        sessions.delete(id);
      }
      const session: VendorSession = {
        ...launch,
        id: randomBytes(24).toString('base64url'),
        balance,
        lastWin: 0n,
        isBusy: false,
        lastUsedAt: now,
      };
      sessions.set(session.id, session);
      return session;
    },
    find: (id: string): VendorSession | undefined => {
      const session = sessions.get(id);
      if (!session) return undefined;
      const now = Date.now();
      if (isStale(session, now)) {
        sessions.delete(id);
        return undefined;
      }
      session.lastUsedAt = now;
      return session;
    },
    size: () => sessions.size,
  };
};

export type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Launch tokens already opened: the platform's token is bound to the first session opened with it, so a second
 * open (a copied link, a reload) is refused. Only a hash is kept, for a day (the platform's tokens live 12 h).
 */
export const createUsedTokenRegistry = ({ maxTokens = 100_000 }: { maxTokens?: number } = {}) => {
  const used = new Map<string, number>();
  const keepMs = 24 * 60 * 60 * 1000;
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

  return {
    /** True the first time a token is seen; false ever after. */
    claim: (token: string): boolean => {
      const key = hashOf(token);
      const now = Date.now();
      if (used.has(key)) return false;
      for (const [oldKey, usedAt] of used) {
        if (used.size < maxTokens && now - usedAt <= keepMs) break;
        used.delete(oldKey);
      }
      used.set(key, now);
      return true;
    },
  };
};
