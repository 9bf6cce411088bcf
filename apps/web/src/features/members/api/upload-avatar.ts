import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberInfo } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { avatarResponseSchema } from '@wps/contracts/member-account';
import { apiRequest } from '../../../lib/api-client';
import { type Account, accountQueryKey, refreshAccount } from './get-account';
import { memberIconQueryKeyPrefix, memberInfoQueryKeyPrefix } from './get-member-info';

/**
 * What the server takes as an avatar (member-account.ts, POST /wps/member/account/avatar): png or jpg, at most
 * 5 MB. Kept here rather than imported so the member centre does not load zod with the contract module.
 */
export const avatarMaxBytes = 5 * 1024 * 1024;
const avatarContentTypes: readonly string[] = ['image/png', 'image/jpeg'];

/** For the file input's `accept`. */
export const avatarAccept = avatarContentTypes.join(',');

/** Why the browser refuses an avatar before any upload (the server judges the content again). */
export type AvatarProblem = 'UPLOAD_INVALID_TYPE' | 'UPLOAD_TOO_LARGE';

export const checkAvatarFile = (file: File): AvatarProblem | null => {
  if (!avatarContentTypes.includes(file.type)) return 'UPLOAD_INVALID_TYPE';
  if (file.size > avatarMaxBytes) return 'UPLOAD_TOO_LARGE';
  return null;
};

/** Uploads the picture (multipart, field "file"); the server crops and resizes it and answers its address. */
export const uploadAvatar = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await apiRequest<ResponseValue<typeof avatarResponseSchema>>('/member/account/avatar', {
    method: 'POST',
    multipart: form,
  });
  return answer.avatarUrl;
};

/**
 * Uploads a new avatar and shows it at once wherever the member's picture is (the security centre and the
 * header), before the account and member info load again.
 */
export const useUploadAvatar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (avatarUrl) => {
      queryClient.setQueryData<Account>(accountQueryKey, (account) =>
        account === undefined ? account : { ...account, profile: { ...account.profile, avatarUrl } },
      );
      queryClient.setQueriesData<string | null>({ queryKey: memberIconQueryKeyPrefix }, avatarUrl);
      queryClient.setQueriesData<MemberInfo>({ queryKey: memberInfoQueryKeyPrefix }, (info) =>
        info === undefined ? info : { ...info, avatarUrl },
      );
      return refreshAccount(queryClient);
    },
  });
};
