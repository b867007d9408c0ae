// The emulator's secret keys: random, never a documented constant, which would let anyone who
// reaches a shared demo list, cancel and refund every guest's payment. The mock API keeps one per
// data folder (../../sharedDemo/keyFiles.ts).
import { randomBytes } from 'node:crypto';

const PREFIX = 'sk_test_emu_';
const KEY_SHAPE = /^sk_test_emu_[A-Za-z0-9]{32,}$/;

/** A fresh key: `sk_test_emu_` and 48 random hex digits (192 bits). */
export function newEmulatorSecretKey(): string {
  return `${PREFIX}${randomBytes(24).toString('hex')}`;
}

/** A key this emulator makes (so never a documented constant such as `sk_test_emulator`). */
export function isEmulatorSecretKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}
