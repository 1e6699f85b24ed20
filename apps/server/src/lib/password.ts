import { hash, verify } from '@node-rs/argon2';

// OWASP password storage: argon2id, m = 19 MiB, t = 2, p = 1.
// algorithm 2 is Algorithm.Argon2id (a const enum, which type stripping cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
};
