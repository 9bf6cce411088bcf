import { randomInt } from 'node:crypto';
import { type AffiliateLink, maxAffiliateLinks } from '@wps/contracts/agents';
import { MemberType } from '@wps/contracts/auth';
import { AppError } from '../../../http/app-error';
import { type AuditOrigin, recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents.repository';
import type { AgentServiceDependencies } from './agent-centre-types';
import { assertAgent } from './agent-checks';

export type AffiliateLinkDependencies = Pick<AgentServiceDependencies, 'db' | 'members'>;
export type NewAffiliateLinkRequest = { isAgentLink?: boolean | undefined; note?: string | undefined };

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters of an unambiguous alphabet from the CSPRNG: about 2^40 codes per brand. */
const newAffiliateCode = (): string =>
  Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)] ?? 'A').join('');

/**
 * A link to the brand's sign-up page. `siteOrigin` is where the brand's site is reached (scheme, host and port:
 * the site service's origin rule), never a bare `https://` and main domain that drops the port it is served on.
 */
const linkUrl = (siteOrigin: string, code: string): string =>
  `${siteOrigin}/register?affiliate=${encodeURIComponent(code)}`;

/** The agent's own affiliate code, given one on first use. */
const ensureOwnAffiliateCode = async (
  { db, members }: AffiliateLinkDependencies,
  agent: MemberRow,
): Promise<string> => {
  let code = agent.affiliateCode;
  for (let attempt = 0; code === null && attempt < 5; attempt += 1) {
    const candidate = newAffiliateCode();
    // The unique index decides; a taken code (or a racing first call) simply tries again / re-reads.
    try {
      await members.update(db, agent.id, { affiliateCode: candidate });
      code = (await members.findById(agent.id))?.affiliateCode ?? null;
    } catch {
      code = null;
    }
  }
  if (code === null) throw new Error('could not create an affiliate code');
  return code;
};

/** The agent's own code first (created on first use), then the links it made. */
export const listAgentAffiliateLinks = async (
  deps: AffiliateLinkDependencies,
  agent: MemberRow,
  siteOrigin: string,
): Promise<AffiliateLink[]> => {
  assertAgent(agent);
  const code = await ensureOwnAffiliateCode(deps, agent);
  const links = await repository.listAffiliateLinks(deps.db, agent.id);
  return [
    {
      code,
      isAgentLink: false,
      note: null,
      url: linkUrl(siteOrigin, code),
      createdAt: agent.createdAt.toISOString(),
    },
    ...links.map((link) => ({
      code: link.code,
      isAgentLink: link.memberType !== 0,
      note: link.note,
      url: linkUrl(siteOrigin, link.code),
      createdAt: link.createdAt.toISOString(),
    })),
  ];
};

/** A new link (for members or for sub-agents), up to `maxAffiliateLinks` per agent; audited as the agent's action. */
export const createAffiliateLink = async (
  { db, members }: AffiliateLinkDependencies,
  agent: MemberRow,
  siteOrigin: string,
  request: NewAffiliateLinkRequest,
  origin: AuditOrigin = {},
): Promise<AffiliateLink> => {
  assertAgent(agent);
  if ((await repository.countAffiliateLinks(db, agent.id)) >= maxAffiliateLinks) {
    throw new AppError('AFFILIATE_LINK_LIMIT');
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const code = newAffiliateCode();
    // A member's own code and a link code share one namespace: registration looks at both.
    if (await members.findAgentByAffiliateCode(agent.brandId, code)) continue;
    const isCreated = await db.transaction(async (tx) => {
      const isInserted = await repository.insertAffiliateLink(tx, {
        brandId: agent.brandId,
        agentId: agent.id,
        code,
        memberType: request.isAgentLink === true ? MemberType.agent : MemberType.member,
        note: request.note?.trim() || null,
      });
      if (isInserted) {
        await recordAuditEvent(tx, {
          actor: { type: 'agent', id: agent.id.toString(), ...origin },
          action: 'agents.affiliate_link.create',
          entityType: 'agent_affiliate_link',
          entityId: code,
          after: { isAgentLink: request.isAgentLink === true, note: request.note?.trim() || null },
        });
      }
      return isInserted;
    });
    if (isCreated) {
      return {
        code,
        isAgentLink: request.isAgentLink === true,
        note: request.note?.trim() || null,
        url: linkUrl(siteOrigin, code),
        createdAt: new Date().toISOString(),
      };
    }
  }
  throw new Error('could not create an affiliate link code');
};
