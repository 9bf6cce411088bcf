import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AdminAnnouncement,
  type AdminBanner,
  type AdminHelpArticle,
  adminAnnouncementListResponseSchema,
  adminAnnouncementResponseSchema,
  adminBannerListResponseSchema,
  adminBannerResponseSchema,
  adminHelpArticleListResponseSchema,
  adminHelpArticleResponseSchema,
  announcementInputSchema,
  bannerInputSchema,
  deletedResponseSchema,
  type helpArticleInputSchema,
} from '@wps/contracts/content';
import type { SuccessEnvelope } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type { AdminAnnouncement, AdminBanner, AdminHelpArticle };
/** What the console sends: the input schemas' input (the server fills the defaults). */
export type BannerBody = z.input<typeof bannerInputSchema>;
export type AnnouncementBody = z.input<typeof announcementInputSchema>;
export type HelpArticleBody = z.input<typeof helpArticleInputSchema>;

/** A banner's picture: the same operator upload as a promotion's picture; the banner shows it by its path. */
export { useUploadPromotionImage as useUploadBannerImage } from '../promotions/api';

const contentKey = ['content'] as const;

/** One content collection of the brand (banners, announcements or help articles), every row, live or not. */
const useCollection = <S extends z.ZodType<SuccessEnvelope<{ list: unknown[] }>>>(path: string, schema: S) =>
  useQuery({
    queryKey: [...contentKey, path],
    queryFn: ({ signal }) => apiRequest(`/content/${path}`, schema, { signal }),
  });

/** Creates (no id) or replaces an item of a collection; the audit and the collection are read again after. */
const useSave = <Input extends z.ZodType, S extends z.ZodType<SuccessEnvelope<unknown>>>(
  path: string,
  // The contract's input schema: only its type is used (the form checks the body against it first).
  _input: Input,
  schema: S,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: z.input<Input> }) =>
      apiRequest(id === null ? `/content/${path}` : `/content/${path}/${encodeURIComponent(id)}`, schema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSettled: () =>
      Promise.all(
        [[...contentKey, path], ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};

const useDelete = (path: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/content/${path}/${encodeURIComponent(id)}`, deletedResponseSchema, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all(
        [[...contentKey, path], ['audit']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};

export const useBanners = () => useCollection('banners', adminBannerListResponseSchema);
export const useSaveBanner = () => useSave('banners', bannerInputSchema, adminBannerResponseSchema);
export const useDeleteBanner = () => useDelete('banners');

export const useAnnouncements = () => useCollection('announcements', adminAnnouncementListResponseSchema);
export const useSaveAnnouncement = () =>
  useSave('announcements', announcementInputSchema, adminAnnouncementResponseSchema);
export const useDeleteAnnouncement = () => useDelete('announcements');

export const useHelpArticles = () => useCollection('help-articles', adminHelpArticleListResponseSchema);
export const useDeleteHelpArticle = () => useDelete('help-articles');

/** One language's article of a help section: written (created or replaced), deleted, or left as it is. */
export type HelpArticleChange =
  | { kind: 'save'; id: string | null; body: HelpArticleBody }
  | { kind: 'delete'; id: string }
  | { kind: 'keep' };

/** Saves a help section's articles in its languages (English and Urdu), one call each, in order. */
export const useSaveHelpSection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: readonly HelpArticleChange[]) => {
      for (const change of changes) {
        if (change.kind === 'save') {
          const { id, body } = change;
          await apiRequest(
            id === null ? '/content/help-articles' : `/content/help-articles/${encodeURIComponent(id)}`,
            adminHelpArticleResponseSchema,
            { method: id === null ? 'POST' : 'PUT', body },
          );
        } else if (change.kind === 'delete') {
          await apiRequest(`/content/help-articles/${encodeURIComponent(change.id)}`, deletedResponseSchema, {
            method: 'DELETE',
          });
        }
      }
    },
    onSettled: () =>
      Promise.all(
        [[...contentKey, 'help-articles'], ['audit']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
