import { type WhitelabelFlag, whitelabelFlagGroup, type WhitelabelNode } from '@wps/contracts/site';
import type { Executor } from '../../db/database';
import * as repository from './site.repository';

export const buildWhitelabelTree = (
  rows: ReadonlyArray<{ modId: string; parentModId: string | null; isEnabled: boolean }>,
): WhitelabelNode[] => {
  const childrenOf = (parent: string | null): WhitelabelNode[] =>
    rows
      .filter((row) => row.parentModId === parent)
      .map((row) => ({
        modId: row.modId,
        enabled: row.isEnabled ? '1' : '0',
        children: childrenOf(row.modId),
      }));
  return childrenOf(null);
};

/** The brand's whitelabel modules as the site reads them: groups with their flags. */
export const readWhitelabelTree = async (executor: Executor, brandId: bigint): Promise<WhitelabelNode[]> =>
  buildWhitelabelTree(await repository.listWhitelabelModules(executor, brandId));

/** Whether each flag is on, whatever group it sits in. */
export const flagStates = (tree: WhitelabelNode[]): Record<WhitelabelFlag, boolean> =>
  Object.fromEntries(
    (Object.keys(whitelabelFlagGroup) as WhitelabelFlag[]).map((flag) => [
      flag,
      tree.some((group) => group.children.some((node) => node.modId === flag && node.enabled === '1')),
    ]),
  ) as Record<WhitelabelFlag, boolean>;
