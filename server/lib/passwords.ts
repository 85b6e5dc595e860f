import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane.
// algorithm 2 is Argon2id (the package's const enum cannot be imported under type stripping).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

// Compared against when the account does not exist, so a wrong e-mail takes as long as a wrong password.
const dummyHash = hashPassword('ingen-konto-har-dette-passordet');

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
