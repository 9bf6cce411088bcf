/**
 * The provably fair layer for other domains (a promotion's raffle): commit to a server seed by its hash,
 * reveal it later, and draw uniform integers from (server seed, client seed, nonce) exactly as the house games
 * do, so `/fairness`-style verification recomputes the same results. Stateless re-exports of `fairness.ts`.
 */
export { createServerSeed, drawFairIntegers, hashServerSeed, type FairSeeds } from './fairness';
