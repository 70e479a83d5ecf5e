import { createHash } from 'node:crypto';

/** Deterministic 40-hex-digit value (commit SHAs, tokens) derived from a seed string. */
export const sha1Hex = (seed: string): string => createHash('sha1').update(seed).digest('hex');
