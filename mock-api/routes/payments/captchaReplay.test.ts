// A payment call's Idempotency-Key stands for what was asked, not for its single-use captcha
// token: a retry after a reload, with a new token, gets the first answer again.
import { randomUUID } from 'node:crypto';
import {
  type RunningMockApi,
  clientSecretOf,
  intentIdOf,
  paymentRows,
  startMockApi,
} from '../../testing';
import { captchaToken } from '../../testingSends';
import { sendAsApp } from './testing';

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

type Call = 'create-payment-intent' | 'create-donation-intent' | 'payment-intent-for-both';

/** The call as the app makes it, for `amount` cents, with this captcha token. */
const send = (call: Call, key: string, token: string, amount = 1500) =>
  sendAsApp(api, guestId, `payment/${call}`, {
    key,
    text: `Thanks, whatever the token ${key}`,
    token,
    amount,
  });

const paymentsUnder = async (key: string) =>
  (await paymentRows(api)).filter((row) => row.idempotencyKey === key);

describe.each<Call>(['create-payment-intent', 'create-donation-intent', 'payment-intent-for-both'])(
  '%s',
  (call) => {
    it('replays the first answer to the same request with a new captcha token', async () => {
      const key = randomUUID();
      const first = await clientSecretOf(await send(call, key, await captchaToken(api)));
      // The reload: the first token is spent, the checkbox gives another.
      const newToken = await captchaToken(api);
      const retry = await send(call, key, newToken);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await clientSecretOf(retry)).toBe(first);
      expect(await paymentsUnder(key)).toEqual([
        expect.objectContaining({ intentId: intentIdOf(first) }),
      ]);
      // A replay never asked about the new token: it is still good for a request of its own.
      await clientSecretOf(await send(call, randomUUID(), newToken));
    });

    it('still refuses another amount under the same key, whatever the token', async () => {
      const key = randomUUID();
      await clientSecretOf(await send(call, key, await captchaToken(api)));
      const other = await send(call, key, await captchaToken(api), 2500);
      expect(other.status).toBe(422);
      expect(await other.json()).toMatchObject({ error: 'idempotency_key_reused' });
      expect(await paymentsUnder(key)).toHaveLength(1);
    });
  },
);
