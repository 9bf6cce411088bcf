import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { memberKycDocumentResponseSchema, MemberKycDocument } from '@wps/contracts/kyc';
import type { KycDocumentKind } from '@wps/contracts/kyc-rules';
import { apiRequest } from '../../../lib/api-client';
import { uploadProof } from '../../payments/api/upload-proof';
import { kycQueryKeyPrefix } from './query-keys';

/** Uploads the image (purpose kyc_document), then hands it in as a document of this kind for staff to review. */
export const submitKycDocument = async (kind: KycDocumentKind, file: File): Promise<MemberKycDocument> => {
  const uploadId = await uploadProof(file, 'kyc_document');
  return apiRequest<ResponseValue<typeof memberKycDocumentResponseSchema>>('/member/kyc/documents', {
    method: 'POST',
    body: { kind, uploadId },
  });
};

export const useSubmitKycDocument = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: KycDocumentKind; file: File }) => submitKycDocument(kind, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycQueryKeyPrefix }),
  });
};
