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

/** The brand's configured providers as the operator sees them (secrets only as whether they are set). */
export const listProviderConfigs = async (
  { db }: Pick<SocialSignInContext, 'db'>,
  brand: { id: bigint },
): Promise<SocialProviderConfig[]> =>
  (await repository.listProviderConfigs(db, brand.id)).map(toProviderConfig);

/**
 * An operator's configuration of a provider for a brand, audited without its secret. A request without a
 * secret keeps the stored one while the issuer stays the same; a new provider or issuer needs one.
 */
export const configureProvider = async (
  { db }: Pick<SocialSignInContext, 'db'>,
  actor: AuditActor,
  brand: { id: bigint; merchantCode: string },
  provider: SocialProvider,
  input: SocialProviderConfigRequest,
): Promise<SocialProviderConfig> => {
  return db.transaction(async (tx) => {
    const before = await repository.lockProviderConfig(tx, brand.id, provider);
    // Kept only while the issuer is the same: the secret is never sent to an issuer it was not typed for.
    const clientSecret =
      input.clientSecret ?? (before?.issuer === input.issuer ? before.clientSecret : undefined);
    if (clientSecret === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [
          {
            field: 'clientSecret',
            message: 'Type the client secret: the provider is new or its issuer changed.',
          },
        ],
      });
    }
    const after = await repository.upsertProviderConfig(tx, {
      brandId: brand.id,
      provider,
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecret,
      isEnabled: input.isEnabled,
      updatedAt: new Date(),
    });
    if (!after) throw new AppError('INTERNAL_ERROR');
    const isSecretChanged = before === undefined || !isSameText(before.clientSecret, clientSecret);
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
