import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `2` is Algorithm.Argon2id, a const enum
// that isolated modules cannot read.
const params = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, params);
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
