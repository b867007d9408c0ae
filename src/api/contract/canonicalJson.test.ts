// The texts canonical JSON writes are kept in data files (the Stripe emulator's fingerprints, the
// payment calls' body hashes): these pin them, whatever the order a value's keys came in.
import { stableStringify } from './canonicalJson';

it('writes the texts the data files hold', () => {
  expect(stableStringify({ currency: 'usd', amount: '1500' })).toBe(
    '{"amount":"1500","currency":"usd"}',
  );
  expect(stableStringify({ metadata: { b: 'x', a: ['card', 'apple_pay'] }, amount: 1000 })).toBe(
    '{"amount":1000,"metadata":{"a":["card","apple_pay"],"b":"x"}}',
  );
  // As a form's numbered fields parse: sorted as text, as the emulator always sorted them.
  expect(stableStringify({ 10: 'b', 2: 'a' })).toBe('{"10":"b","2":"a"}');
});
