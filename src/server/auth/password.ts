import type { Options } from '@node-rs/argon2';

/** The Algorithm enum of @node-rs/argon2 is a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, 1 lane. */
export const passwordHashOptions = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as Options;

/** The native argon2 library is loaded at the first sign-in, not at start (docs/PERFORMANCE.md, Start). */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, passwordHashOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash verified when the user ID is unknown, so that a wrong user ID costs as long as a wrong
 * password and the answer time does not tell which user IDs exist.
 */
let decoyHash: Promise<string> | undefined;
export function verifyAgainstDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that no one has');
  return decoyHash.then((decoy) => verifyPassword(decoy, password)).then(() => false);
}
