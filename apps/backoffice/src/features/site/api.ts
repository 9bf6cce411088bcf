import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuccessEnvelope } from '@wps/contracts/envelope';
import {
  brandListResponseSchema,
  brandResponseSchema,
  deliverySettingsResponseSchema,
  deliverySettingsViewResponseSchema,
  siteDomainsResponseSchema,
  siteLinksResponseSchema,
  siteSettingsResponseSchema,
  type BrandCreateRequest,
  type DeliverySettings,
  type DeliverySettingsView,
  type SiteLinks,
  type SiteSettings,
  type SiteSettingsPatch,
  type siteDomainsSchema,
} from '@wps/contracts/site-admin';
import {
  socialProviderConfigListResponseSchema,
  socialProviderConfigResponseSchema,
  type SocialProvider,
  type SocialProviderConfig,
  type SocialProviderConfigRequest,
} from '@wps/contracts/social-sign-in';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type {
  BrandCreateRequest,
  DeliverySettings,
  DeliverySettingsView,
  SiteLinks,
  SiteSettings,
  SiteSettingsPatch,
  SocialProvider,
  SocialProviderConfig,
  SocialProviderConfigRequest,
};
export type SiteDomainsInput = z.input<typeof siteDomainsSchema>;
export type SiteDomainsView = z.infer<typeof siteDomainsResponseSchema>['value'];
export type BrandList = z.infer<typeof brandListResponseSchema>['value'];

type ResponseSchema = z.ZodType<SuccessEnvelope<unknown>>;

/** One part of the brand's configuration, read from its operator endpoint. */
const useSitePart = <Schema extends ResponseSchema>(path: string, schema: Schema) =>
  useQuery({
    queryKey: ['site', path],
    queryFn: ({ signal }) => apiRequest(path, schema, { signal }),
  });

/** A change to the part read from `path`: shown as the server saved it, and the audit trail refreshed. */
const useSiteChange = <Input, Result>(path: string, mutationFn: (input: Input) => Promise<Result>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['site', path] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

/** A change to one part, sent as JSON to the path it is read from. */
const useSaveSitePart = <Schema extends ResponseSchema, Body>(
  path: string,
  method: 'PUT' | 'PATCH',
  schema: Schema,
) => useSiteChange(path, (body: Body) => apiRequest(path, schema, { method, body }));

export const useSiteSettings = () => useSitePart('/site/settings', siteSettingsResponseSchema);
export const useSaveSiteSettings = () =>
  useSaveSitePart<typeof siteSettingsResponseSchema, SiteSettingsPatch>(
    '/site/settings',
    'PATCH',
    siteSettingsResponseSchema,
  );

/** Uploads the brand's logo (png, jpg or webp; the server re-encodes it), or removes it with null. */
export const useChangeLogo = () =>
  useSiteChange('/site/settings', (file: File | null) => {
    if (file === null) return apiRequest('/site/logo', siteSettingsResponseSchema, { method: 'DELETE' });
    const form = new FormData();
    form.append('file', file);
    return apiRequest('/site/logo', siteSettingsResponseSchema, { method: 'PUT', form });
  });

export const useDeliverySettings = () => useSitePart('/site/delivery', deliverySettingsViewResponseSchema);
export const useSaveDeliverySettings = () =>
  useSaveSitePart<typeof deliverySettingsResponseSchema, DeliverySettings>(
    '/site/delivery',
    'PUT',
    deliverySettingsResponseSchema,
  );

export const useSiteDomains = () => useSitePart('/site/domains', siteDomainsResponseSchema);
export const useSaveSiteDomains = () =>
  useSaveSitePart<typeof siteDomainsResponseSchema, SiteDomainsInput>(
    '/site/domains',
    'PUT',
    siteDomainsResponseSchema,
  );

export const useSiteLinks = () => useSitePart('/site/links', siteLinksResponseSchema);
export const useSaveSiteLinks = () =>
  useSaveSitePart<typeof siteLinksResponseSchema, SiteLinks>('/site/links', 'PUT', siteLinksResponseSchema);

export const useSocialProviders = () => useSitePart('/site/social', socialProviderConfigListResponseSchema);
export const useSaveSocialProvider = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, config }: { provider: SocialProvider; config: SocialProviderConfigRequest }) =>
      apiRequest(`/site/social/${provider}`, socialProviderConfigResponseSchema, {
        method: 'PUT',
        body: config,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['site', '/site/social'] }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};

export const brandsQueryKey = ['brands'] as const;

/** Every brand and the currencies a new one may use (the platform's own console only). */
export const useBrands = () =>
  useQuery({
    queryKey: brandsQueryKey,
    queryFn: ({ signal }) => apiRequest('/brands', brandListResponseSchema, { signal }),
  });

export const useCreateBrand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brand: BrandCreateRequest) =>
      apiRequest('/brands', brandResponseSchema, { method: 'POST', body: brand }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: brandsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
