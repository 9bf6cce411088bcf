import type { DomainRouteEntry, RegisterSetting, WhitelabelNode } from '@wps/contracts/site';
import type { VisitorContext } from '../../http/request-context';
import { readBrandSnapshot } from './brand-snapshots';
import type { SiteContext } from './site-context';
import { brandSiteOrigin, domainOrigins, type OriginSources } from './site-origins';
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

/** What links to the visitor's brand are built from: its hosts, PUBLIC_URL and where the request came. */
const originSources = async (
  context: Pick<SiteContext, 'publicUrl' | 'snapshots'>,
  visitor: VisitorContext,
  requestOrigin: string,
): Promise<OriginSources> => {
  const snapshot = await readBrandSnapshot(context, visitor);
  return {
    brandHosts: [snapshot.brand.mainDomain, ...snapshot.domainRoute.map((domain) => domain.domainName)],
    publicUrl: context.publicUrl ?? null,
    requestOrigin,
  };
};

/** The origin of links to the visitor's brand site (see `brandSiteOrigin`); null when nothing vouches for one. */
export const readSiteOrigin = async (
  context: Pick<SiteContext, 'publicUrl' | 'snapshots'>,
  visitor: VisitorContext,
  requestOrigin: string,
): Promise<string | null> => brandSiteOrigin(await originSources(context, visitor, requestOrigin));

/** The brand's domains for a device, each with the origin it is reached at (speed test, mirror sites). */
export const listDomainOrigins = async (
  context: Pick<SiteContext, 'db' | 'publicUrl' | 'snapshots'>,
  visitor: VisitorContext,
  device: number,
  requestOrigin: string,
) => {
  const [{ domainList }, sources] = await Promise.all([
    listDomainRoutes(context, visitor, device),
    originSources(context, visitor, requestOrigin),
  ]);
  return { domainList: domainOrigins(domainList, sources) };
};
