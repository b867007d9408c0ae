// Stripe-shaped ids (`pi_` + 24 random alphanumerics) and timestamps (Unix seconds).
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return token;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
