import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's minimum for argon2id. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against a fixed hash when the user does not exist keeps timing from telling usernames apart. */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$XCwAjUYujTk5zKZSJ7HwpQ$9kUfo7Voe7iqbpHC2zBDoQ6Xw0/SKY2QD4blwqlW1pk';
