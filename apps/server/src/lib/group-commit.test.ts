import { describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupAnswer } from './group-commit';

type Request = { member: { id: bigint; brandId: bigint }; value: number };

const request = (id: number, value = id): Request => ({ member: { id: BigInt(id), brandId: 1n }, value });

/** A group commit that records how each request was written. */
const recording = (
  decline: (group: readonly Request[]) => GroupAnswer<string> | null,
  groupsOfOne: boolean,
) => {
  const written: string[] = [];
  const commit = createGroupCommit<Request, string>({
    writeAlone: async ({ value }) => {
      written.push(`alone ${value}`);
      return `a${value}`;
    },
    writeGroup: async (group) => {
      const declined = decline(group);
      if (declined) return declined;
      written.push(`group ${group.map(({ value }) => value).join(',')}`);
      return { results: group.map(({ value }) => `g${value}`) };
    },
    groupsOfOne,
  });
  return { written, commit };
};

describe('group commit', () => {
  it('writes a lone request alone unless groups of one are asked for', async () => {
    const plain = recording(() => null, false);
    expect(await plain.commit.write(request(1))).toBe('a1');
    expect(plain.written).toEqual(['alone 1']);

    const grouped = recording(() => null, true);
    expect(await grouped.commit.write(request(1))).toBe('g1');
    expect(grouped.written).toEqual(['group 1']);
  });

  it('writes a group of one that the group declines alone, once', async () => {
    const { written, commit } = recording(() => ({ alone: [0] }), true);
    expect(await commit.write(request(7))).toBe('a7');
    expect(written).toEqual(['alone 7']);
  });

  it('writes requests arriving together as one group, the declined ones alone', async () => {
    const { written, commit } = recording(
      (group) => (group.some(({ value }) => value === 2) ? { alone: [1] } : null),
      true,
    );
    const answers = await Promise.all([
      commit.write(request(1)),
      commit.write(request(2)),
      commit.write(request(3)),
    ]);
    expect(answers).toEqual(['g1', 'a2', 'g3']);
    expect(written.sort()).toEqual(['alone 2', 'group 1,3']);
  });
});
