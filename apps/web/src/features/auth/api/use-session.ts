import { useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@wps/contracts/auth';
import { isAgentType, isTrialType } from '@wps/contracts/auth-rules';
import { useSessionToken } from '../../../lib/use-session-storage';
import { getMemberInfoQueryOptions } from '../../members/api/get-member-info';

export type Session = {
  token: string | null;
  member: MemberInfo | null;
  /** Spec section 4: logged in once the token is stored and the member info has loaded. */
  isLogin: boolean;
  /** Types 1, 2, 41 and 42. */
  isAgent: boolean;
  /** Free-play accounts, type 4. */
  isTrial: boolean;
  /** A token is stored and its member info is still on its way. */
  isResolving: boolean;
};

/** The login state: the token in session storage plus the member info it loads. */
export const useSession = (): Session => {
  const token = useSessionToken();
  const memberInfo = useQuery({ ...getMemberInfoQueryOptions(token ?? ''), enabled: token !== null });
  const member = token === null ? null : (memberInfo.data ?? null);
  return {
    token,
    member,
    isLogin: member !== null,
    isAgent: member !== null && isAgentType(member.type),
    isTrial: member !== null && isTrialType(member.type),
    isResolving: token !== null && memberInfo.isPending,
  };
};
