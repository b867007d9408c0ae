// Names are text on every call that takes one: control and text-direction characters are
// refused (400 naming the field, nothing stored); what is stored is trimmed and in NFC.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { walletPrepareBody } from '../../src/api/contract/intentBody';
import { type RunningMockApi, guestReviewFields, jsonPost, onDisk, startMockApi } from '../testing';
import { captchaToken, cardTipBody, donationBody, multipartForm } from '../testingSends';
import { SEED_MEDIA_DIR } from '../db/store';

const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));
const CHARACTERS = "can't contain control or text-direction characters.";

/** The name, refused wherever a name is taken (each character: names.test.ts). */
const BAD_NAMES: [string, string][] = [["the issue's guest name", '\u202eevil\u0000nul']];

/** Names that are text: stored as given, composed and trimmed (more scripts: names.test.ts). */
const GOOD_NAMES: [string, string, string][] = [
  ['a decomposed (NFD) name', 'Jose\u0301 Nu\u0301n\u0303ez', 'Jos\u00e9 N\u00fa\u00f1ez'],
  ['a name with spaces around it', '  \tJo Doe \u00a0', 'Jo Doe'],
  ['Arabic', 'محمد عبد الله', ''],
];

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

/** The app's tip (or donation) body from `guestName`: the donation's title carries it too. */
async function intentBody(guestName: string, nonProfit = false) {
  const token = await captchaToken(api);
  const body = nonProfit ? donationBody(guestId, 1500, token) : cardTipBody(1500, token);
  const title = nonProfit ? { title: `${guestName} donated to Green Earth Fund` } : {};
  return { ...body, metadata: { ...(body.metadata as object), guestName, ...title } };
}

function reviewFields(guestName: string, gratitudeType = 'REVIEW'): Record<string, string> {
  return guestReviewFields(guestId, {
    gratitudeType,
    // As the app writes it: the name, the verb, the profile's userName.
    title: `${guestName.trim()} recognized ava.martinez`,
    sayThanks: `Thanks! ${randomUUID()}`,
    guestName,
  });
}

const form = (fields: Record<string, string>, image = false) =>
  multipartForm(fields, image ? [JPEG] : []);

const withKey = (body: FormData | string, json = false): RequestInit => ({
  method: 'POST',
  body,
  headers: {
    'Idempotency-Key': randomUUID(),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  },
});

const postJson = (endpoint: string, body: unknown) =>
  api.request(endpoint, withKey(JSON.stringify(body), true));

interface NameEndpoint {
  endpoint: string;
  /** The field a refused name is reported on. */
  field: string;
  send: (name: string) => Promise<Response>;
  /** The name as stored by a call that succeeded. */
  stored: (answer: Response) => Promise<string | undefined>;
}

const idOf = async (answer: Response) =>
  ((await answer.json()) as { data: { data: { id: string } } }).data.data.id;
const intentIdOf = async (answer: Response) =>
  ((await answer.json()) as { data: { paymentIntent: string } }).data.paymentIntent.split(
    '_secret_',
  )[0];
const feedName = async (answer: Response) => {
  const id = await idOf(answer);
  return api.store.db.feed.find((f) => f.id === id)?.giveThanksUser.fullName;
};
const paymentName = async (answer: Response) => {
  const intentId = await intentIdOf(answer);
  return api.store.db.payments?.find((p) => p.intentId === intentId)?.metadata.guestName;
};

const ENDPOINTS: NameEndpoint[] = [
  {
    endpoint: 'user/v2/createWebUser',
    field: 'fullName',
    send: (fullName) =>
      api.request(
        'user/v2/createWebUser',
        jsonPost({ fullName, email: `guest-${randomUUID()}@example.com` }),
      ),
    stored: async (answer) => {
      const { userId } = ((await answer.json()) as { data: { userId: string } }).data;
      return api.store.db.guests.find((g) => g.userId === userId)?.fullName;
    },
  },
  {
    endpoint: 'user/userProfileClick',
    field: 'guestName',
    send: (guestName) =>
      api.request(
        'user/userProfileClick',
        jsonPost({ userProfileId: 'ava-martinez', profileClickBy: guestId, guestName }),
      ),
    stored: async (answer) => {
      const id = await idOf(answer);
      return api.store.db.profileClicks.find((c) => c.id === id)?.guestName;
    },
  },
  {
    endpoint: 'gratitude/create-gratitude',
    field: 'guestName',
    send: (name) => api.request('gratitude/create-gratitude', withKey(form(reviewFields(name)))),
    stored: feedName,
  },
  {
    endpoint: 'gratitude/image-gratitude',
    field: 'guestName',
    send: (name) =>
      api.request('gratitude/image-gratitude', withKey(form(reviewFields(name), true))),
    stored: feedName,
  },
  {
    endpoint: 'payment/create-payment-intent',
    field: 'metadata.guestName',
    send: async (name) => postJson('payment/create-payment-intent', await intentBody(name)),
    stored: paymentName,
  },
  {
    // The app's donation title carries the payer's name too: the name is what is refused.
    endpoint: 'payment/create-donation-intent',
    field: 'metadata.guestName',
    send: async (name) => postJson('payment/create-donation-intent', await intentBody(name, true)),
    stored: paymentName,
  },
  {
    endpoint: 'payment/payment-intent-for-both',
    field: 'guestName',
    send: async (name) => {
      const { metadata: meta, ...payment } = await intentBody(name);
      const fields = {
        ...reviewFields(name, 'BOTH'),
        ...Object.fromEntries(Object.entries(payment).map(([k, v]) => [k, String(v)])),
        metadata: JSON.stringify(meta),
      };
      return api.request('payment/payment-intent-for-both', withKey(form(fields, true)));
    },
    stored: async (answer) => {
      const intentId = await intentIdOf(answer);
      const pending = api.store.db.pendingGratitudes?.find((p) => p.intentId === intentId);
      const payment = api.store.db.payments?.find((p) => p.intentId === intentId);
      // The review and its payment keep the same name.
      expect(payment?.metadata.guestName).toBe(pending?.record.giveThanksUser.fullName);
      return pending?.record.giveThanksUser.fullName;
    },
  },
];

const snapshot = () => onDisk(api);

interface ErrorBody {
  error: string;
  message: string;
  field?: string;
}

// Refusals first: no call has succeeded yet, so no Stripe webhook can be writing meanwhile.
describe.each(ENDPOINTS)('POST /api/$endpoint refuses', ({ field, send }) => {
  it.each(BAD_NAMES)(`%s with 400 on ${field}, storing nothing`, async (_what, name) => {
    const before = await snapshot();
    const answer = await send(name);
    expect(answer.status).toBe(400);
    expect((await answer.json()) as ErrorBody).toEqual({
      error: 'invalid_input',
      field,
      message: `${field} ${CHARACTERS}`,
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe('text that carries a name', () => {
  const payment = async (title: string) => {
    const body = await intentBody('Jamie Guest');
    return postJson('payment/create-payment-intent', {
      ...body,
      metadata: { ...body.metadata, title },
    });
  };

  it.each([
    [
      'a review title with a right-to-left override',
      () =>
        api.request(
          'gratitude/create-gratitude',
          withKey(
            form({ ...reviewFields('Jamie Guest'), title: '\u202eJamie Guest recognized ava' }),
          ),
        ),
      'title',
      `title ${CHARACTERS}`,
    ],
    [
      'a payment title with a NUL',
      () => payment('Tip to ava.martinez\u0000'),
      'metadata.title',
      `metadata.title ${CHARACTERS}`,
    ],
    // Half a surrogate pair could not even reach Stripe.
    [
      'half a surrogate pair as broken text',
      () => ENDPOINTS[4]!.send('Jamie \ud83d'),
      'metadata.guestName',
      'metadata.guestName must be valid Unicode text.',
    ],
  ])('refuses %s, storing nothing', async (_what, request, field, message) => {
    const before = await snapshot();
    const answer = await request();
    expect(answer.status).toBe(400);
    expect((await answer.json()) as ErrorBody).toMatchObject({ field, message });
    expect(await snapshot()).toEqual(before);
  });

  it('counts a name of invisible characters as no name', async () => {
    const answer = await ENDPOINTS[0]!.send('\u200b\u3164');
    expect(answer.status).toBe(400);
    expect((await answer.json()) as ErrorBody).toMatchObject({
      field: 'fullName',
      message: 'fullName is required.',
    });
  });

  it('still takes the wallet preparation call, whose guest name is empty', async () => {
    expect((await postJson('payment/create-payment-intent', walletPrepareBody())).status).toBe(200);
  });
});

describe.each(ENDPOINTS)('POST /api/$endpoint stores', ({ send, stored }) => {
  it.each(GOOD_NAMES)('%s as text, trimmed and in NFC', async (_what, name, expected) => {
    const answer = await send(name);
    expect(answer.status).toBe(200);
    expect(await stored(answer)).toBe(expected || name);
  });
});
