type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;

/** undici, loaded on first use (its own bundle file): activation never pays for the HTTP stack. */
export const loadUndici = (): Promise<Undici> => (undiciModule ??= import('undici'));
