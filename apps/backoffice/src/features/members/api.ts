import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptyResponseSchema } from '@wps/contracts/backoffice';
import { bettingRecordResponseSchema } from '@wps/contracts/games';
import {
  linkedMembersResponseSchema,
  memberFundsResponseSchema,
  memberLoginsResponseSchema,
  memberPasswordResetResponseSchema,
  memberProfileResponseSchema,
  memberSearchResponseSchema,
  memberStatusResponseSchema,
  memberTagsResponseSchema,
  type MemberSearchField,
  type MemberSearchSort,
  type MemberStatus,
} from '@wps/contracts/members';
import { depositListResponseSchema, withdrawalListResponseSchema } from '@wps/contracts/payments';
import { memberProtectionAdminResponseSchema } from '@wps/contracts/protection';
import { adjustmentResponseSchema, transactionRecordsResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import type { SuccessEnvelope } from '@wps/contracts/envelope';
import { apiRequest } from '../../lib/api-client';

export type MemberSearchResults = z.infer<typeof memberSearchResponseSchema>['value'];
export type MemberProfile = z.infer<typeof memberProfileResponseSchema>['value'];
export type MemberFunds = z.infer<typeof memberFundsResponseSchema>['value'];
export type MemberProtection = z.infer<typeof memberProtectionAdminResponseSchema>['value'];
export type { MemberSearchField, MemberSearchSort, MemberStatus };

export type MemberSearchInput = {
  q: string;
  field: MemberSearchField;
  sort: MemberSearchSort;
  order: 'asc' | 'desc';
  pageNo: number;
};

/** What a member page shows of the member: each part reloads after staff change something. */
const memberKey = (memberId: string) => ['member', memberId] as const;

/** A page of the brand's members matching the words in one field or any, in the order asked. */
export const useMemberSearch = (search: MemberSearchInput) =>
  useQuery({
    queryKey: ['member-search', search],
    queryFn: ({ signal }) =>
      apiRequest('/members', memberSearchResponseSchema, { query: { ...search, pageSize: 20 }, signal }),
    enabled: search.q !== '',
    placeholderData: keepPreviousData,
  });

const memberPath = (memberId: string, part: string) => `/members/${encodeURIComponent(memberId)}/${part}`;

export const useMemberProfile = (memberId: string) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'profile'],
    queryFn: ({ signal }) =>
      apiRequest(memberPath(memberId, 'profile'), memberProfileResponseSchema, { signal }),
  });

/** Balances and withdrawal limits; only for staff who may see members' money (`enabled`). */
export const useMemberFunds = (memberId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'funds'],
    queryFn: ({ signal }) => apiRequest(memberPath(memberId, 'funds'), memberFundsResponseSchema, { signal }),
    enabled,
  });

export const useMemberSignIns = (memberId: string, pageNo: number) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'sign-ins', pageNo],
    queryFn: ({ signal }) =>
      apiRequest(memberPath(memberId, 'sign-ins'), memberLoginsResponseSchema, {
        query: { pageNo, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useLinkedMembers = (memberId: string) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'linked'],
    queryFn: ({ signal }) =>
      apiRequest(memberPath(memberId, 'linked'), linkedMembersResponseSchema, { signal }),
  });

/** The member's records through the member's own services: what the member's pages show, page by page. */
const useMemberRecords = <S extends z.ZodType<SuccessEnvelope<unknown>>>(
  kind: 'transactions' | 'bets' | 'deposits' | 'withdrawals',
  schema: S,
  memberId: string,
  page: Record<string, number>,
) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'records', kind, page],
    queryFn: ({ signal }) =>
      apiRequest(memberPath(memberId, `records/${kind}`), schema, {
        query: { ...page, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useTransactionRecords = (memberId: string, pageNo: number) =>
  useMemberRecords('transactions', transactionRecordsResponseSchema, memberId, { pageNo });
// The betting record names its page `page`, as the member's page asks for it.
export const useBetRecords = (memberId: string, pageNo: number) =>
  useMemberRecords('bets', bettingRecordResponseSchema, memberId, { page: pageNo });
export const useDepositRecords = (memberId: string, pageNo: number) =>
  useMemberRecords('deposits', depositListResponseSchema, memberId, { pageNo });
export const useWithdrawalRecords = (memberId: string, pageNo: number) =>
  useMemberRecords('withdrawals', withdrawalListResponseSchema, memberId, { pageNo });

/** A change staff make to a member: afterwards the member's page and the audit trail are read again. */
const useMemberChange = <Input, Output>(memberId: string, change: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKey(memberId) }),
        queryClient.invalidateQueries({ queryKey: ['member-search'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

export const useAddNote = (memberId: string) =>
  useMemberChange(memberId, (body: string) =>
    apiRequest(memberPath(memberId, 'notes'), emptyResponseSchema, { method: 'POST', body: { body } }),
  );

export const useAddTag = (memberId: string) =>
  useMemberChange(memberId, (tag: string) =>
    apiRequest(memberPath(memberId, 'tags'), memberTagsResponseSchema, { method: 'POST', body: { tag } }),
  );

export const useRemoveTag = (memberId: string) =>
  useMemberChange(memberId, (tag: string) =>
    apiRequest(memberPath(memberId, `tags/${encodeURIComponent(tag)}`), memberTagsResponseSchema, {
      method: 'DELETE',
    }),
  );

export const useChangeStatus = (memberId: string) =>
  useMemberChange(memberId, (change: { status: MemberStatus; reason: string }) =>
    apiRequest(memberPath(memberId, 'status'), memberStatusResponseSchema, { method: 'POST', body: change }),
  );

export const useResetPassword = (memberId: string) =>
  useMemberChange(memberId, (reason: string) =>
    apiRequest(memberPath(memberId, 'password-reset'), memberPasswordResetResponseSchema, {
      method: 'POST',
      body: { reason },
    }),
  );

export const useResetPaymentPassword = (memberId: string) =>
  useMemberChange(memberId, (reason: string) =>
    apiRequest(memberPath(memberId, 'payment-password-reset'), emptyResponseSchema, {
      method: 'POST',
      body: { reason },
    }),
  );

export type AdjustmentInput = {
  username: string;
  /** Signed decimal: "25.00" credits, "-25.00" debits. */
  amount: string;
  reason: string;
  /** One per submission, so a retried submit cannot move money twice. */
  requestId: string;
};

export const useAdjustBalance = (memberId: string) =>
  useMemberChange(memberId, (input: AdjustmentInput) =>
    apiRequest('/adjustments', adjustmentResponseSchema, { method: 'POST', body: input }),
  );

/** The member's responsible-gambling settings: limits in force and waiting, the exclusion and its history. */
export const useMemberProtection = (memberId: string) =>
  useQuery({
    queryKey: [...memberKey(memberId), 'protection'],
    queryFn: ({ signal }) =>
      apiRequest(memberPath(memberId, 'protection'), memberProtectionAdminResponseSchema, { signal }),
  });

/** Ends a self-exclusion whose term has run out, on the member's request, with the reason the audit keeps. */
export const useEndExclusion = (memberId: string) =>
  useMemberChange(memberId, (reason: string) =>
    apiRequest(memberPath(memberId, 'protection/end-exclusion'), emptyResponseSchema, {
      method: 'POST',
      body: { reason },
    }),
  );
