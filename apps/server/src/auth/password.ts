import type { Algorithm } from '@node-rs/argon2';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: m=19 MiB, t=2, p=1.
const options = {
  // Algorithm.Argon2id; the enum is const, so its value is written out.
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, options);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Sign-in with an unknown email still pays for one hash, so its timing matches a wrong password
 * and does not reveal which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('pinhole-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
