import type { KycDocumentQuery, KycSettingsBody, SubmitKycDocumentRequest } from '@wps/contracts/kyc';
import { isTierAtLeast, type RequirableKycTier } from '@wps/contracts/kyc-rules';
import type { Executor } from '../../db/database';
import type { AuditActor } from '../audit/audit.service';
import * as repository from './kyc.repository';
import {
  decideDocument,
  describeMemberKyc,
  type KycDecision,
  listDocumentsForStaff,
  readDocumentImage,
  readTier,
  submitDocument,
} from './kyc-documents';
import { describeKycSettings, tierRequiredForWithdrawal, updateKycSettings } from './kyc-settings';
import type {
  KycBrand,
  KycDependencies,
  KycMemberContext,
  KycStaffActor,
  TierReachedListener,
} from './kyc-types';

export type { KycBrand, KycMemberContext, KycStaffActor, TierReachedListener } from './kyc-types';
export type { KycDecision } from './kyc-documents';
export { defaultKycSettings } from './kyc-settings';

/**
 * Age and identity (issue 26, item 4): members' documents, staff's review of them, the tier they give
 * (kyc-rules.ts), and each brand's rule for withdrawals that wait for a tier. The payments module asks
 * `withdrawalHold` when a withdrawal is requested and is told through `useTierReached` when a member reaches a
 * tier, so it can release what waited.
 */
export const createKycService = (deps: KycDependencies) => {
  const listeners: TierReachedListener[] = [];
  return {
    /** The member's tier, documents and the brand's withdrawal rule. */
    status: (context: Pick<KycMemberContext, 'member' | 'brand'>) => describeMemberKyc(deps, context),

    submit: (context: KycMemberContext, request: SubmitKycDocumentRequest) =>
      submitDocument(deps, context, request),

    listForStaff: (brand: KycBrand, query: KycDocumentQuery) => listDocumentsForStaff(deps, brand, query),

    documentImage: (brand: KycBrand, id: bigint) => readDocumentImage(deps, brand, id),

    decide: (actor: KycStaffActor, brand: KycBrand, id: bigint, decision: KycDecision) =>
      decideDocument(deps, listeners, actor, brand, id, decision),

    settings: (brand: KycBrand) => describeKycSettings(deps, brand),

    updateSettings: (actor: AuditActor, brand: KycBrand, body: KycSettingsBody) =>
      updateKycSettings(deps, actor, brand, body),

    /**
     * The tier a withdrawal of `amount` must wait for, read in the caller's transaction under the member's lock:
     * null when it passes neither of the brand's thresholds (`cumulative`: the member's paid and pending
     * withdrawals with this one) or the member already holds the tier.
     */
    withdrawalHold: async (
      executor: Executor,
      member: { id: bigint; brandId: bigint },
      amounts: { amount: bigint; cumulative: bigint },
    ): Promise<RequirableKycTier | null> => {
      const required = await tierRequiredForWithdrawal(executor, member.brandId, amounts);
      if (required === null) return null;
      return isTierAtLeast(await readTier(executor, member.id), required) ? null : required;
    },

    /** The member's tier now. */
    tierOf: (executor: Executor, memberId: bigint) => readTier(executor, memberId),

    /** A module that acts when a member reaches a tier registers here when it is built (payments). */
    useTierReached: (listener: TierReachedListener): void => {
      listeners.push(listener);
    },

    /** Which of these uploads are a document's image (the upload purge keeps them). */
    referencedUploads: (candidates: ReadonlyArray<{ id: string; memberId: bigint | null }>) =>
      repository.listReferencedUploads(deps.db, candidates),
  };
};

export type KycService = ReturnType<typeof createKycService>;
