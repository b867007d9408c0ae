// The data view (GET /api/__db/...) as a stranger with the guest token tries it: public collections
// only, even after a restart, nothing told about emails; emails with control characters refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { gpayTestBody } from '../../src/api/contract/intentBody';
import { paymentRecord } from '../db/testRecords';
import { type RunningMockApi, jsonPost, startMockApi } from '../testing';
import { captchaToken, cardTipBody } from '../testingSends';
import { openMockApi } from './payments/testing';

const PUBLIC = ['feed', 'gallery', 'guests', 'profileClicks', 'users'];

/** What no answer to a stranger may hold: a stack trace or a path of this machine. */
function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/\n\s+at /);
  expect(text).not.toMatch(/(^|[\s'"(])\/(home|tmp|usr|work|root|var|Users)\//);
  expect(text).not.toMatch(/node_modules|\.ts:\d+/);
}

interface JsonAnswer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

async function read(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let body: unknown = null;
  if (contentType.startsWith('application/json')) body = JSON.parse(text) as unknown;
  return { status: response.status, contentType, text, body };
}

describe('the data view and guest emails', () => {
  let api: RunningMockApi;
  const EMAIL = 'zoe.secret@example.com';
  const view = async (query: string) => read(await api.request(`__db/guests?${query}`));

  beforeAll(async () => {
    api = await startMockApi();
    await api.createGuest('Quiet Guest', EMAIL);
    await api.createGuest('Other Guest', 'amy@example.org');
  });

  afterAll(() => api.close());

  it('shows guests with masked emails only', async () => {
    const answer = await view('');
    expect(answer.status).toBe(200);
    const rows = answer.body as { fullName: string; email: string }[];
    expect(rows.find((row) => row.fullName === 'Quiet Guest')?.email).toBe('z***@example.com');
    expect(answer.text).not.toContain('zoe.secret');
  });

  it.each([
    ['=', `email=${encodeURIComponent(EMAIL)}`, 'email'],
    ['_gte', 'email_gte=z', 'email_gte'],
    ['_lte', 'email_lte=a', 'email_lte'],
    ['_ne', `email_ne=${encodeURIComponent(EMAIL)}`, 'email_ne'],
    ['_like', 'email_like=secret', 'email_like'],
    ['_sort', '_sort=fullName,email', '_sort'],
    ['a path spelled otherwise', 'EMAIL_like=secret', 'EMAIL_like'],
    ['a dotted path', 'e.mail_gte=z', 'e.mail_gte'],
  ])('refuses an email filter (%s) with a 400 naming it', async (_label, query, field) => {
    const answer = await view(query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', field });
    expect(answer.text).not.toContain('zoe.secret');
  });

  it('answers a range filter the same whatever the bound, so it tells nothing', async () => {
    const low = await view('email_gte=a');
    const high = await view('email_gte=zz');
    expect([low.status, low.text]).toEqual([high.status, high.text]);
  });

  it('searches (q) every field but the email', async () => {
    const names = async (q: string) => {
      const answer = await view(`q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      return (answer.body as { fullName: string }[]).map((row) => row.fullName);
    };
    expect(await names('quiet')).toEqual(['Quiet Guest']);
    for (const part of [EMAIL, 'zoe', 'secret', '@example.com', 'example.com', 'z***']) {
      expect({ part, names: await names(part) }).toEqual({ part, names: [] });
    }
  });

  it('offers no embedding of a collection it does not show', async () => {
    for (const query of ['_embed=payments', '_expand=payment', '_embed=pendingGratitudes']) {
      const answer = await read(await api.request(`__db/users?${query}`));
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
    }
  });

  it('answers a malformed percent escape with a 400 JSON error, not a stack trace', async () => {
    for (const target of [
      '__db/feed/%E0',
      '__db/feed?userId=%E0%A4%A',
      '__payments/%E0/refund',
      '__webhooks/%E0/resend',
    ]) {
      const method = target.endsWith('/refund') || target.endsWith('/resend') ? 'POST' : 'GET';
      const answer = await read(await api.request(target, { method }));
      expect({ target, status: answer.status }).toEqual({ target, status: 400 });
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ error: 'bad_request' });
      expectNoLeak(answer.text);
    }
  });
});

describe('the data view shows only the public collections', () => {
  const HIDDEN_TEXT = `pending review ${randomUUID()}`;
  const HIDDEN_EMAIL = 'payer.hidden@example.com';
  const HIDDEN_TESTER = `tester-${randomUUID()}`;
  const HIDDEN_EVENT = `evt_${randomUUID().replace(/-/g, '')}`;
  const HIDDEN = [HIDDEN_TEXT, HIDDEN_EMAIL, HIDDEN_TESTER, HIDDEN_EVENT, 'future-secret'];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'grati-data-view-'));
  });

  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  /** The mock API on `dataDir`, in-process on a free port; `close` keeps the folder. */
  async function serve() {
    const running = await openMockApi(dataDir, `jest-${randomUUID()}`);
    return {
      ...running,
      get: async (target: string) => read(await running.request(`__db/${target}`)),
    };
  }

  async function expectOnlyPublic(running: Awaited<ReturnType<typeof serve>>): Promise<void> {
    const whole = await running.get('db');
    expect(whole.status).toBe(200);
    expect(Object.keys(whole.body as object).sort()).toEqual(PUBLIC);
    for (const secret of HIDDEN) expect(whole.text).not.toContain(secret);
    for (const target of [
      'payments',
      'pendingGratitudes',
      'webhookEvents',
      'idempotency',
      'operatorNotes',
      'settings',
      'demoProfiles',
      'users/ava-martinez/payments',
      `payments/${HIDDEN_TESTER}`,
      '',
    ]) {
      const answer = await running.get(target);
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      expect(answer.body).toMatchObject({ error: 'not_offered' });
      for (const secret of HIDDEN) expect(answer.text).not.toContain(secret);
    }
    for (const target of ['users', 'feed', 'guests', 'gallery', 'profileClicks']) {
      const answer = await running.get(target);
      expect({ target, status: answer.status }).toEqual({ target, status: 200 });
      for (const secret of HIDDEN) expect(answer.text).not.toContain(secret);
    }
  }

  it('holds payments, pending reviews, webhook events and later collections back, also after a restart', async () => {
    const first = await serve();
    try {
      await first.store.mutate((db) => {
        const stored = paymentRecord(`pi_${randomUUID().replace(/-/g, '')}`);
        const metadata = { ...stored.metadata, email: HIDDEN_EMAIL };
        const payment = { ...stored, metadata, tester: HIDDEN_TESTER };
        const [published] = db.feed;
        if (!published) throw new Error('The seed has no feed.');
        db.payments = [...(db.payments ?? []), payment];
        db.pendingGratitudes = [
          ...(db.pendingGratitudes ?? []),
          {
            record: { ...published, id: randomUUID(), sayThanks: HIDDEN_TEXT, media: [] },
            intentId: payment.intentId,
          },
        ];
        db.webhookEvents = [...(db.webhookEvents ?? []), HIDDEN_EVENT];
        db.idempotency = [
          ...(db.idempotency ?? []),
          {
            key: randomUUID(),
            endpoint: 'payment/create-payment-intent',
            bodyHash: 'x',
            response: { email: HIDDEN_EMAIL },
            createdAt: new Date().toISOString(),
          },
        ];
        // Collections a later version might add: a list and a singular object.
        Object.assign(db, {
          operatorNotes: [{ id: 1, note: 'future-secret' }],
          settings: { note: 'future-secret' },
        });
      });
      await expectOnlyPublic(first);
    } finally {
      await first.close();
    }
    // A restart: json-server's router is rebuilt from the file, which now has these as top keys.
    const second = await serve();
    try {
      expect(second.store.db.webhookEvents).toContain(HIDDEN_EVENT);
      await expectOnlyPublic(second);
    } finally {
      await second.close();
    }
  });
});

describe('emails with control or text-direction characters', () => {
  let api: RunningMockApi;

  beforeAll(async () => {
    api = await startMockApi();
  });

  afterAll(() => api.close());

  // A control and a format character; every other one: guest.test.ts (EMAIL_PATTERN).
  const BAD_EMAILS = ['a@b.co\u0000', '\u202ea@b.co'];

  async function tipBody(email: string) {
    const body = cardTipBody(1500, await captchaToken(api));
    return { ...body, metadata: { ...(body.metadata as object), email } };
  }

  const post = (endpoint: string, body: unknown) =>
    api.request(endpoint, {
      ...jsonPost(body),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    });

  /** The address with its invisible characters spelled out, for the test's name. */
  const label = (email: string) =>
    email.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

  it.each(BAD_EMAILS.map((email) => [label(email), email]))(
    'refuses %s with the email error, storing nothing and calling Stripe for nothing',
    async (_label, email) => {
      const guests = api.store.db.guests.length;
      const payments = (api.store.db.payments ?? []).length;

      const guest = await read(
        await api.request('user/v2/createWebUser', jsonPost({ fullName: 'Eve Guest', email })),
      );
      expect([guest.status, guest.body]).toMatchObject([
        400,
        { field: 'email', message: 'email is not a valid address.' },
      ]);
      const tip = await read(await post('payment/create-payment-intent', await tipBody(email)));
      expect([tip.status, tip.body]).toMatchObject([
        400,
        { field: 'metadata.email', message: 'metadata.email is not a valid address.' },
      ]);

      // The /gpay test page's account takes its own fixed call: its email is checked too.
      const gpay = gpayTestBody(await captchaToken(api));
      const gpayAnswer = await read(
        await post('payment/create-payment-intent', {
          ...gpay,
          metadata: { ...gpay.metadata, email },
        }),
      );
      expect(gpayAnswer.status).toBe(400);
      expect(gpayAnswer.body).toMatchObject({ field: 'metadata.email' });

      expect(api.store.db.guests).toHaveLength(guests);
      expect(api.store.db.payments ?? []).toHaveLength(payments);
    },
  );

  it('takes the same calls with a plain address', async () => {
    const guest = await api.request(
      'user/v2/createWebUser',
      jsonPost({ fullName: 'Eve Guest', email: 'eve@example.com' }),
    );
    expect(guest.status).toBe(200);
    const tip = await post('payment/create-payment-intent', await tipBody('eve@example.com'));
    expect(tip.status).toBe(200);
  });
});
