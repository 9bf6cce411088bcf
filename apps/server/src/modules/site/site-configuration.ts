import type { DomainRouteEntry, RegisterSetting, WhitelabelNode } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import type { SiteContext } from './site-context';
import * as repository from './site.repository';

type SnapshotContext = Pick<SiteContext, 'snapshots'>;

export const readWhitelabel = async (
  context: SnapshotContext,
  visitor: VisitorContext,
): Promise<WhitelabelNode[]> => (await readBrandSnapshot(context, visitor)).whitelabel;

export const readRegisterRules = async (
  context: SnapshotContext,
  visitor: VisitorContext,
): Promise<RegisterSetting> => (await readBrandSnapshot(context, visitor)).register;

/** Where the brand's live chat opens (CBS_launchChat); null when it has none. */
export const readLiveChatUrl = async (
  context: SnapshotContext,
  visitor: VisitorContext,
): Promise<string | null> => (await readBrandSnapshot(context, visitor)).brand.liveChatUrl;

/** The brand's domains for a device; the default device's (0) come with the snapshot. */
export const listDomainRoutes = async (
  context: Pick<SiteContext, 'db' | 'snapshots'>,
  visitor: VisitorContext,
  device: number,
): Promise<{ domainList: DomainRouteEntry[] }> => {
  const snapshot = await readBrandSnapshot(context, visitor);
  return {
    domainList:
      device === 0
        ? snapshot.domainRoute
        : await repository.listDomains(context.db, snapshot.brand.id, device),
  };
};
