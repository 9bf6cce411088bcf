import { randomBytes } from 'node:crypto';
import { MemberType, type SessionValue } from '@wps/contracts/auth';
import { socialProviderFlags } from '@wps/contracts/social-sign-in';
import { TransactionRollbackError } from 'drizzle-orm';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import type { MemberRow } from '../members/members.service';
import { requireFlag } from './auth-checks';
import { recordAuthEvent } from './auth-events';
import type { AuthUseCaseDependencies } from './auth.service';
import { openSession } from './sessions';
import * as socialRepository from './social-sign-in.repository';
import type { SocialIdentity } from './social-sign-in.repository';

type SocialSignInDependencies = Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'checkRegistrant'>;

const findLinkedMember = async (
  { db, members }: SocialSignInDependencies,
  brandId: bigint,
  { provider, subject }: SocialIdentity,
): Promise<MemberRow | undefined> => {
  const memberId = await socialRepository.findLinkedMemberId(db, brandId, provider, subject);
  return memberId === undefined ? undefined : members.findById(memberId);
};

const createLinkedMember = async (
  { db, members, checkRegistrant }: SocialSignInDependencies,
  brandId: bigint,
  visitor: VisitorContext,
  identity: SocialIdentity,
) => {
  const { provider, subject } = identity;
  // A first sign-in registers: a person in a time-out or self-exclusion does not come back this way either.
  const email = identity.email ?? null;
  await checkRegistrant(brandId, { countryDialingCode: null, mobileNum: null, email, idNumber: null });
  return db.transaction(async (tx) => {
    // A random suffix that hits a taken name is unlikely, not impossible: try another.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const username = `${provider}${randomBytes(5).toString('hex')}`;
      const created = await members.create(tx, {
        brandId,
        username,
        nickname: identity.name ?? username,
        type: MemberType.member,
        email,
        registerIp: visitor.ip,
      });
      if (!created) continue;
      // A concurrent first sign-in of the same account linked first: undo this member, use that one.
      if (!(await socialRepository.linkIdentity(tx, { brandId, provider, subject, memberId: created.id }))) {
        tx.rollback();
      }
      return created;
    }
    throw new AppError('INTERNAL_ERROR');
  });
};

/**
 * Signs in the member linked to a provider's verified account, creating and linking a member at the first
 * sign-in. Never matched by email: an address at a provider does not prove who owns an account here.
 */
export const signInWithSocialIdentity = async (
  deps: SocialSignInDependencies,
  visitor: VisitorContext,
  identity: SocialIdentity,
): Promise<SessionValue> => {
  const context = await deps.site.getBrandContext(visitor);
  requireFlag(context, socialProviderFlags[identity.provider]);
  const brandId = context.brand.id;
  const linked = await findLinkedMember(deps, brandId, identity);
  const member =
    linked ??
    (await createLinkedMember(deps, brandId, visitor, identity).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return findLinkedMember(deps, brandId, identity);
      throw error;
    }));
  if (!member) throw new AppError('INTERNAL_ERROR');
  const refusal =
    member.status !== 'active'
      ? 'ACCOUNT_DISABLED'
      : member.type !== MemberType.member
        ? 'NON_MEMBER_LOGIN'
        : undefined;
  await recordAuthEvent(deps, context, visitor, {
    name: 'social.login',
    account: member.username,
    memberId: member.id,
    isSuccess: refusal === undefined,
    detail: {
      provider: identity.provider,
      isNewMember: linked === undefined,
      ...(refusal ? { reason: refusal } : {}),
    },
  });
  if (refusal) throw new AppError(refusal);
  return openSession(deps, context, visitor, member, 'social');
};
