import { createBatchScheduler } from './batch-scheduler';

/** A member's request in a group: one per member, one brand per group. */
type GroupedRequest = { member: { id: bigint; brandId: bigint } };

/**
 * What a group's transaction answers: each request's result in order, or nothing written and the requests (by
 * position) that must be written alone, the others going together once more; `all` sends every one alone.
 */
export type GroupAnswer<Result> = { results: Result[] } | { alone: readonly number[] | 'all' };

export type GroupCommitOptions<Request extends GroupedRequest, Result> = {
  /** One request in its own transaction, answered (or refused) as if it had come alone. */
  writeAlone: (request: Request) => Promise<Result>;
  /** A group in one transaction; writes nothing when it answers `alone`. */
  writeGroup: (group: readonly Request[]) => Promise<GroupAnswer<Result>>;
  /** Groups written at once (each holds a pooled connection). */
  maxInFlight?: number;
  /** Requests in one group at most. */
  maxGroup?: number;
  /**
   * Whether a request that came alone goes through `writeGroup` too (a group of one), where that path takes fewer
   * round trips than `writeAlone` (which stays for what the group declines).
   */
  groupsOfOne?: boolean;
};

type Waiting<Request, Result> = {
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for members' money requests (the tables' bets, the fishing batches): requests that arrive while
 * earlier ones are being written go together in one transaction (its commit, round trips and locks paid once),
 * one request per member and one brand per group (a member's next request waits for a following group, behind
 * their lock, so their limits hold). A group that cannot go as one is written again as its answer says; a
 * request is answered only after its transaction committed.
 */
export const createGroupCommit = <Request extends GroupedRequest, Result>({
  writeAlone,
  writeGroup,
  maxInFlight = 4,
  maxGroup = 32,
  groupsOfOne = false,
}: GroupCommitOptions<Request, Result>) => {
  const counts = { groups: 0, grouped: 0, declined: 0, alone: 0 };

  const alone = async ({ request, resolve, reject }: Waiting<Request, Result>): Promise<void> => {
    counts.alone += 1;
    try {
      resolve(await writeAlone(request));
    } catch (error) {
      reject(error);
    }
  };

  const together = async (group: Array<Waiting<Request, Result>>, mayRegroup: boolean): Promise<void> => {
    const [only] = group;
    if (!only) return;
    if (group.length === 1 && (!groupsOfOne || !mayRegroup)) return alone(only);
    const answer = await writeGroup(group.map((entry) => entry.request));
    if ('results' in answer) {
      counts.groups += 1;
      counts.grouped += group.length;
      group.forEach((entry, index) => {
        const result = answer.results[index];
        if (result === undefined) entry.reject(new Error('a grouped request has no answer'));
        else entry.resolve(result);
      });
      return;
    }
    counts.declined += 1;
    if (answer.alone === 'all' || !mayRegroup) {
      await Promise.all(group.map(alone));
      return;
    }
    const named = new Set(answer.alone);
    await Promise.all([
      ...group.filter((_, index) => named.has(index)).map(alone),
      together(
        group.filter((_, index) => !named.has(index)),
        false,
      ),
    ]);
  };

  /** The next group: waiting requests in order, skipping a member already in it or another brand. */
  const takeGroup = (waiting: ReadonlyArray<Waiting<Request, Result>>) => {
    const batch: Array<Waiting<Request, Result>> = [];
    const members = new Set<bigint>();
    const rest: Array<Waiting<Request, Result>> = [];
    for (const entry of waiting) {
      const { member } = entry.request;
      const fits =
        batch.length < maxGroup &&
        !members.has(member.id) &&
        (batch[0]?.request.member.brandId ?? member.brandId) === member.brandId;
      if (fits) {
        batch.push(entry);
        members.add(member.id);
      } else {
        rest.push(entry);
      }
    }
    return { batch, rest };
  };

  /** Requests that arrived in the same turn of the event loop go together; later ones wait for a free slot. */
  const enqueue = createBatchScheduler<Waiting<Request, Result>>({
    run: (group) => together(group, true),
    maxInFlight,
    take: takeGroup,
  });

  return {
    /** Writes the request (with others, when others are waiting); rejects as `writeAlone` would. */
    write: (request: Request): Promise<Result> =>
      new Promise<Result>((resolve, reject) => {
        enqueue({ request, resolve, reject });
      }),
    /** How requests went so far: groups written as one and their requests, groups declined, requests alone. */
    counts: () => ({ ...counts }),
  };
};
