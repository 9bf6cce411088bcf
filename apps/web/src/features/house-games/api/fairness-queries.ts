import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  fairnessGamesResponseSchema,
  seedPairLookupResponseSchema,
  verifyResponseSchema,
} from '@wps/contracts/house-games';
import { apiRequest } from '../../../lib/api-client';

export type VerifyResult = ResponseValue<typeof verifyResponseSchema>;
export type SeedPairLookup = ResponseValue<typeof seedPairLookupResponseSchema>;
export type VerifyInput = {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Record<string, string>;
};

export const useFairnessGames = () =>
  useQuery({
    queryKey: ['house-games', 'fairness', 'games'],
    queryFn: ({ signal }) =>
      apiRequest<ResponseValue<typeof fairnessGamesResponseSchema>>('/house/fairness/games', { signal }),
    staleTime: Infinity,
  });

/** The pair behind a published hash: its server seed once revealed (null while still in use). */
export const useSeedPairLookup = (serverSeedHash: string | null) =>
  useQuery({
    queryKey: ['house-games', 'fairness', 'pair', serverSeedHash],
    queryFn: ({ signal }) =>
      apiRequest<SeedPairLookup>(`/house/fairness/seed-pairs/${serverSeedHash ?? ''}`, { signal }),
    enabled: serverSeedHash !== null && /^[0-9a-f]{64}$/.test(serverSeedHash),
    retry: false,
  });

export const useVerify = () =>
  useMutation({
    mutationFn: (input: VerifyInput) =>
      apiRequest<VerifyResult>('/house/fairness/verify', { method: 'POST', body: input }),
  });
