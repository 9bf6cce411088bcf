import type {
  SocialProvider,
  SocialProviderConfig,
  SocialProviderConfigRequest,
} from '@wps/contracts/social-sign-in';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { SocialSignInContext } from './social-sign-in-context';
import { isSameText } from './social-sign-in-state';
import * as repository from './social-sign-in.repository';
import type { SocialProviderRow } from './social-sign-in.repository';

const toProviderConfig = (row: SocialProviderRow): SocialProviderConfig => ({
  provider: row.provider,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecret !== '',
  isEnabled: row.isEnabled,
  updatedAt: row.updatedAt.toISOString(),
});

/** What the audit keeps of a provider's configuration: whether the secret was set, never the secret. */
const describeForAudit = (
  provider: SocialProvider,
  row: SocialProviderRow,
  clientSecret: 'set' | 'unchanged',
) => ({
  provider,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret,
  isEnabled: row.isEnabled,
});

/** An operator's configuration of a provider for a brand, audited without its secret. */
export const configureProvider = async (
  { db }: Pick<SocialSignInContext, 'db'>,
  actor: AuditActor,
  brand: { id: bigint; merchantCode: string },
  provider: SocialProvider,
  input: SocialProviderConfigRequest,
): Promise<SocialProviderConfig> => {
  return db.transaction(async (tx) => {
    const before = await repository.lockProviderConfig(tx, brand.id, provider);
    const after = await repository.upsertProviderConfig(tx, {
      brandId: brand.id,
      provider,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      isEnabled: input.isEnabled,
      updatedAt: new Date(),
    });
    if (!after) throw new AppError('INTERNAL_ERROR');
    const isSecretChanged = before === undefined || !isSameText(before.clientSecret, input.clientSecret);
    await recordAuditEvent(tx, {
      actor,
      action: 'site.social.update',
      entityType: 'brand',
      entityId: brand.merchantCode,
      before: before ? describeForAudit(provider, before, 'set') : null,
      after: describeForAudit(provider, after, isSecretChanged ? 'set' : 'unchanged'),
    });
    return toProviderConfig(after);
  });
};
