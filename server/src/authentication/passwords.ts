import { hash, verify } from '@node-rs/argon2';

let dummyHash: Promise<string> | undefined;

/**
 * Password hashing with argon2id and the library's defaults (19 MiB, 2 passes): ~60 ms
 * per check here. One object, so tests can watch which checks happen.
 */
export const passwordHashing = {
  hash(password: string): Promise<string> {
    return hash(password);
  },

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed check, not a server error.
      return false;
    }
  },

  /**
   * Spends the same time as a real check when no such account exists, so the answer
   * time does not tell an attacker which e-mails are registered.
   */
  async verifyWithoutAccount(password: string): Promise<false> {
    dummyHash ??= passwordHashing.hash('canteiro-no-such-account');
    await passwordHashing.verify(await dummyHash, password);
    return false;
  },
};
