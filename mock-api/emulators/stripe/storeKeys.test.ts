// The emulator's saved state never names an API key: idempotency records are kept under its
// digest, and an older state's records under the key itself are renamed as it is restored.
import type { Request } from 'express';
import { idempotentRequest, previousAnswer, saveAnswer } from './idempotency';
import { newEmulatorSecretKey } from './keys';
import { emptyStripeState, restoreStripeState } from './state';
import { apiKeyDigest, hashedStoreKey, idempotencyStoreKey } from './storeKeys';

const secretKey = newEmulatorSecretKey();

/** A POST /v1/payment_intents as the router sees it, with an Idempotency-Key. */
const post = (idempotencyKey: string) =>
  ({
    method: 'POST',
    baseUrl: '/v1',
    path: '/payment_intents',
    get: (name: string) => (name.toLowerCase() === 'idempotency-key' ? idempotencyKey : undefined),
  }) as unknown as Request;

const auth = { kind: 'secret', key: secretKey } as const;

it('keeps an idempotent answer under a digest of the API key, not the key', () => {
  const state = emptyStripeState();
  const request = idempotentRequest(post('tip-1'), { amount: '1500' }, auth)!;
  saveAnswer(state, request, 200, { id: 'pi_1' });
  expect(JSON.stringify(state)).not.toContain(secretKey);
  expect(Object.keys(state.idempotency)).toEqual([idempotencyStoreKey(secretKey, 'tip-1')]);
  expect(apiKeyDigest(secretKey)).toMatch(/^sha256:[0-9a-f]{32}$/);
  // Per API key still: another key's same Idempotency-Key is another record.
  expect(apiKeyDigest('pk_test_emulator')).not.toBe(apiKeyDigest(secretKey));
});

it('renames the records an older version saved with the key, and replays them', () => {
  const saved = {
    ...emptyStripeState(),
    idempotency: {
      [`${secretKey}\u0000tip-old`]: {
        scope: 'POST /v1/payment_intents',
        fingerprint: '{"amount":"1500"}',
        status: 200,
        body: { id: 'pi_old' },
        created: Math.floor(Date.now() / 1000),
      },
    },
  };
  const restored = restoreStripeState(JSON.parse(JSON.stringify(saved)));
  expect(JSON.stringify(restored)).not.toContain(secretKey);
  expect(Object.keys(restored.idempotency)).toEqual([idempotencyStoreKey(secretKey, 'tip-old')]);
  const retry = idempotentRequest(post('tip-old'), { amount: '1500' }, auth)!;
  expect(previousAnswer(restored, retry)).toMatchObject({ body: { id: 'pi_old' } });
});

it('leaves a record in the digest form as it is', () => {
  const storeKey = idempotencyStoreKey(secretKey, 'tip-2');
  expect(hashedStoreKey(storeKey)).toBe(storeKey);
  expect(hashedStoreKey(hashedStoreKey(`${secretKey}\u0000tip-2`))).toBe(storeKey);
});
