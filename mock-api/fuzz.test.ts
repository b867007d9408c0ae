// HTTP fuzz test: every endpoint of the mock API and its emulators answers hostile input with a 4xx
// JSON error, never a 5xx or a hang; the data and uploads folders end as they started.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { platformFeeCents } from '../src/api/contract/fees';
import { type RunningMockApi, cardTipFields, startMockApi } from './testing';
import { cardTipBody, donationBody as appDonationBody } from './testingSends';
import { DATA_FILE_NAME, SEED_MEDIA_DIR, UPLOADS_DIR_NAME } from './db/store';
import { isScenarioName } from './sharedDemo/scenarios';
import { EMULATOR_PUBLISHABLE_KEY } from './emulators/stripe';
import { EMAIL_PATTERN } from '../src/api/contract/guest';
import { type GratitudeType, reviewFormFields } from '../src/api/contract/reviewForm';

/** Runs per property; FUZZ_RUNS=2000 digs deeper (the default keeps `npm test` quick). */
const RUNS = { numRuns: Number(process.env.FUZZ_RUNS) || 50 };
jest.setTimeout(30_000);
/** No answer may take longer than this: a request still open after it is a hang. */
const ANSWER_TIMEOUT_MS = 10_000;
const MB = 1024 * 1024;
const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));
/** A guest id no guest has: forms that are otherwise valid end with a 404 on it. */
const NO_GUEST = 'guest-00000000-0000-0000-0000-000000000000';
/** Not a token the reCAPTCHA emulator issued: payment forms that are otherwise valid end here. */
const FAKE_CAPTCHA = 'emulated.fuzz.not-an-issued-token';

let api: RunningMockApi;
let guestId: string;
let serverErrors: unknown[][] = [];

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer & { headers: Headers }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
    headers: response.headers,
  };
}

const bearer = () => ({ Authorization: `Bearer ${api.guestToken}` });

const findAva = () => postApi('gratitude/findUser', '{"_id":"ava-martinez"}', 'application/json');

const getApi = (pathAndQuery: string) =>
  call(`${api.apiBaseUrl}/${pathAndQuery}`, { headers: bearer() });

/** POST to the API with the guest token; `contentType: null` sends none. */
function postApi(
  pathAndQuery: string,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(`${api.apiBaseUrl}/${pathAndQuery}`, {
    method: 'POST',
    headers: {
      ...bearer(),
      ...(contentType === null ? {} : { 'Content-Type': contentType }),
      ...headers,
    },
    // A byte body gets no Content-Type from fetch, a string one gets text/plain.
    body: typeof body === 'string' && contentType === null ? new TextEncoder().encode(body) : body,
  });
}

function answerOf(res: http.IncomingMessage): Promise<Answer> {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) =>
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'] ?? '',
        text: Buffer.concat(chunks).toString('utf8'),
      }),
    ),
  );
}

/** A raw request (node:http), for bytes and headers fetch will not send. */
function rawRequest(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}): Promise<Answer> {
  const url = new URL(api.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        timeout: ANSWER_TIMEOUT_MS,
      },
      (res) => void answerOf(res).then(resolve),
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${options.path}: a hang`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

type ErrorFormat = 'api' | 'stripe' | 'branch' | 'errorText';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The error message of a body in `format`, or undefined when the body is not in it. */
function errorMessage(body: unknown, format: ErrorFormat): string | undefined {
  if (!isRecord(body)) return undefined;
  const error = body.error;
  switch (format) {
    case 'api': // { error: code, message, field? } and never a `status` field
      return nonEmpty(error) && nonEmpty(body.message) && !('status' in body)
        ? body.message
        : undefined;
    case 'stripe': // { error: { type, message, code?, param? } }
      return isRecord(error) && nonEmpty(error.type) && nonEmpty(error.message)
        ? error.message
        : undefined;
    case 'branch': // { error: { code, message } }
      return isRecord(error) && typeof error.code === 'number' && nonEmpty(error.message)
        ? error.message
        : undefined;
    case 'errorText': // { error: message } (reCAPTCHA's token call, the Stripe.js emulator)
      return nonEmpty(error) ? error : undefined;
  }
}

/** A 4xx JSON error in `format`, or in the API's (its error handler answers what an emulator's
 * body parser refuses: too large, too deep). */
function expectJsonError(answer: Answer, what: string, format: ErrorFormat = 'api') {
  const fail = (problem: string): never => {
    throw new Error(
      `${what}: ${problem}\n  got ${answer.status} ${answer.contentType}\n  ${answer.text.slice(0, 400)}`,
    );
  };
  if (answer.status < 400 || answer.status > 499) fail(`status ${answer.status} is not a 4xx`);
  if (!/^application\/json(;|$)/.test(answer.contentType)) fail('the body is not JSON');
  let body: unknown;
  try {
    body = JSON.parse(answer.text) as unknown;
  } catch {
    return fail('the body does not parse as JSON');
  }
  const message = errorMessage(body, format) ?? errorMessage(body, 'api');
  if (message === undefined) fail(`the body is not a ${format} error with a message`);
  return body as Record<string, unknown>;
}

/** A 400 in the API's format naming `field`. */
function expectFieldError(answer: Answer, what: string, field: string, status = 400) {
  const body = expectJsonError(answer, what);
  expect({ what, status: answer.status, field: body.field }).toEqual({ what, status, field });
  return body;
}

async function snapshot() {
  await api.store.flush();
  return {
    dataFile: await readFile(path.join(api.dataDir, DATA_FILE_NAME)),
    dataDir: (await readdir(api.dataDir)).sort(),
    uploads: await uploadsNow(),
    state: JSON.stringify(api.store.db),
  };
}

const uploadsNow = async () => (await readdir(path.join(api.dataDir, UPLOADS_DIR_NAME))).sort();

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Checks that a form left no file in uploads beyond `baseline`; one given up on (no answer)
 * gets `waitMs` to clean up. */
async function expectNoFileLeft(what: string, baseline: string[], waitMs = 0): Promise<void> {
  const left = async () => (await uploadsNow()).filter((name) => !baseline.includes(name));
  if (waitMs > 0) await waitFor(async () => (await left()).length === 0, waitMs);
  const names = await left();
  if (names.length === 0) return;
  const sizes = await Promise.all(
    names.map(async (name) => (await stat(path.join(api.dataDir, UPLOADS_DIR_NAME, name))).size),
  );
  throw new Error(`${what}: left ${names.join(', ')} (${sizes.join(', ')} bytes) in uploads`);
}

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const prototypeKeys = () => PROTOTYPES.map((p) => Reflect.ownKeys(p).map(String).sort());

let before: Awaited<ReturnType<typeof snapshot>>;
const prototypesBefore = prototypeKeys();

beforeAll(async () => {
  serverErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    serverErrors.push(args);
  });
  api = await startMockApi();
  // A stored guest lets payment forms reach their last check (the captcha, never valid here).
  guestId = (await api.createGuest('Fuzz Guest', 'fuzz.guest@example.com')).userId;
  before = await snapshot();
});

afterEach(() => {
  // The error handler logs every 5xx with console.error: none may have been.
  const logged = serverErrors;
  serverErrors = [];
  expect(logged).toEqual([]);
});

afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Byte sequences that are not UTF-8. */
const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf], // overlong "/"
  [0xed, 0xa0, 0x80], // a UTF-16 surrogate
  [0xe2, 0x82], // cut short
  [0xf8, 0x88, 0x80, 0x80, 0x80], // five bytes
  [0x80],
  [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
].map((bytes) => Buffer.from(bytes));

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Any JSON value, and the ones validators trip on. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\u0000',
    '\ufffd',
    '\ud800',
    'NaN',
    'Infinity',
    '1e309',
    '__proto__',
    'constructor',
    'ava-martinez\u0000',
    [],
    {},
    ['ava-martinez'],
    { $ne: null },
    { toString: 'x', valueOf: 1 },
    'x'.repeat(5000),
    'é'.repeat(300),
  ),
  fc.dictionary(fc.constantFrom(...PROTO_KEYS, 'polluted', 'toString'), fc.jsonValue(), {
    maxKeys: 3,
  }),
);

/** JSON object text from entries: keys may repeat, and `__proto__` is an own key. */
const objectText = (entries: [string, unknown][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

/** Bodies of a JSON endpoint: objects with its field names (and others) holding hostile values. */
function hostileJsonText(fields: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc.array(fc.tuple(key, hostileJson), { maxLength: 6 }).map(objectText),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  );
}

type Json = Record<string, unknown>;

/** A valid-looking body with one field (possibly nested: "metadata.title") broken. */
function corruptedText(base: () => Json): fc.Arbitrary<string> {
  const template = base();
  const paths = Object.entries(template).flatMap(([key, value]) =>
    isRecord(value) ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)] : [key],
  );
  return fc
    .tuple(fc.constantFrom(...paths), hostileJson, fc.constantFrom('replace', 'drop', 'add'))
    .map(([at, value, how]) => {
      const body = base();
      const [outer = '', inner] = at.split('.');
      const target = inner === undefined ? body : (body[outer] as Json);
      const key = inner ?? outer;
      if (how === 'drop') delete target[key];
      else if (how === 'replace') target[key] = value;
      else Object.defineProperty(target, PROTO_KEYS[key.length % 3]!, { value, enumerable: true });
      return JSON.stringify(body);
    });
}

const knownUserId = (value: unknown) =>
  typeof value === 'string' && api.store.db.users.some((u) => u._id === value.trim());

/** How a near-valid base body is refused: the proof that its corruptions reach every check. */
interface Refusal {
  status: number;
  field: string;
  message?: string;
}

interface JsonEndpoint {
  path: string;
  fields: readonly string[];
  /** Needs an Idempotency-Key (a fresh one is sent, so the body is what gets checked). */
  idempotent?: true;
  /** A body close to valid that still cannot succeed (see `refusedAs`). */
  base: () => Json;
  refusedAs: Refusal;
  /** Bodies that could be accepted: never sent. */
  couldSucceed: (body: unknown) => boolean;
}

/** The app's bodies, near valid: no captcha token here was ever issued. */
const tipBody = (): Json => cardTipBody(1500, FAKE_CAPTCHA);

function donationBody(): Json {
  const fee = platformFeeCents(2000, 'bank');
  const body = appDonationBody(guestId, 2000, FAKE_CAPTCHA);
  const metadata = { ...(body.metadata as Json), amountAfterFee: 2000 + fee };
  return { ...body, metadata, platformFeeForWallet: fee, paymentMethodType: 'bank' };
}

const INVALID_CAPTCHA: Refusal = { status: 400, field: 'captchaToken', message: 'invalid Captcha' };

const JSON_ENDPOINTS: JsonEndpoint[] = [
  {
    path: 'gratitude/findUser',
    fields: ['_id', 'profilePage'],
    base: () => ({ _id: 'nobody', profilePage: 'yes' }),
    refusedAs: { status: 400, field: 'profilePage' },
    couldSucceed: (body) => isRecord(body) && knownUserId(body._id),
  },
  {
    path: 'user/v2/createWebUser',
    fields: ['fullName', 'email'],
    base: () => ({ fullName: 'Fuzz Guest', email: 'fuzz.guest@example' }),
    refusedAs: { status: 400, field: 'email' },
    couldSucceed: (body) =>
      isRecord(body) && typeof body.email === 'string' && EMAIL_PATTERN.test(body.email.trim()),
  },
  {
    path: 'user/userProfileClick',
    fields: ['userProfileId', 'profileClickBy', 'guestName'],
    base: () => ({ userProfileId: 'nobody', profileClickBy: guestId, guestName: 'Fuzz Guest' }),
    refusedAs: { status: 404, field: 'userProfileId' },
    couldSucceed: (body) => isRecord(body) && knownUserId(body.userProfileId),
  },
  {
    path: 'payment/create-payment-intent',
    fields: [...Object.keys(tipBody()), 'payment_method_types'],
    idempotent: true,
    base: tipBody,
    refusedAs: INVALID_CAPTCHA,
    couldSucceed: () => false, // no captcha token here was ever issued
  },
  {
    path: 'payment/create-donation-intent',
    fields: [...Object.keys(donationBody()), 'payment_method_types'],
    idempotent: true,
    base: donationBody,
    refusedAs: INVALID_CAPTCHA,
    couldSucceed: () => false,
  },
  {
    path: '__scenarios',
    fields: ['name', 'delayMs'],
    base: () => ({ name: 'slow', delayMs: -1 }),
    refusedAs: { status: 400, field: 'delayMs' },
    couldSucceed: (body) => {
      if (!isRecord(body)) return false;
      const { name, delayMs } = body;
      const validDelay =
        delayMs === undefined ||
        (typeof delayMs === 'number' && Number.isInteger(delayMs) && delayMs >= 0);
      return (name === null || name === 'none' || isScenarioName(name)) && validDelay;
    },
  },
];

/** A JSON POST to `endpoint`, with a fresh Idempotency-Key when it needs one. */
function postJson(endpoint: JsonEndpoint, body: string | Uint8Array<ArrayBuffer>) {
  const key = endpoint.idempotent ? { 'Idempotency-Key': randomUUID() } : undefined;
  return postApi(endpoint.path, body, 'application/json', key);
}

const parsesTo = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

interface Part {
  name: string | Buffer;
  value: string | Buffer;
  filename?: string | Buffer;
  type?: string;
}

function multipart(parts: Part[], boundary: string, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      Buffer.from(part.name),
      Buffer.from('"'),
      ...(part.filename === undefined
        ? []
        : [Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"')]),
      Buffer.from(part.type === undefined ? '\r\n\r\n' : `\r\nContent-Type: ${part.type}\r\n\r\n`),
      Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const reviewFields = (gratitudeType: GratitudeType, userId: string): [string, string][] =>
  Object.entries(
    reviewFormFields({
      gratitudeType,
      icon: 'RECOGNITION',
      title: 'Fuzz Guest recognized ava.martinez',
      sayThanks: 'Thank you!',
      guestName: 'Fuzz Guest',
      email: 'fuzz.guest@example.com',
      profileId: 'ava-martinez',
      userId,
      isNonProfit: false,
    }),
  );

const bothFields = (): [string, string][] => [
  ...reviewFields('BOTH', guestId),
  ...Object.entries(cardTipFields(1500, FAKE_CAPTCHA)),
];

interface FormEndpoint {
  path: string;
  base: () => Part[];
  refusedAs: Refusal;
}

const asParts = (fields: [string, string][]): Part[] =>
  fields.map(([name, value]) => ({ name, value }));
const withoutMedia = (parts: Part[]) => parts.filter((part) => part.name !== 'media');
const mediaPart = (value = JPEG, filename = 'photo.jpg'): Part => ({
  name: 'media',
  value,
  filename,
  type: 'image/jpeg',
});

const FORM_ENDPOINTS: FormEndpoint[] = [
  {
    path: 'gratitude/create-gratitude',
    base: () => asParts(reviewFields('REVIEW', NO_GUEST)),
    refusedAs: { status: 404, field: 'userId' },
  },
  {
    path: 'gratitude/image-gratitude',
    base: () => [...asParts(reviewFields('REVIEW', NO_GUEST)), mediaPart()],
    refusedAs: { status: 404, field: 'userId' },
  },
  {
    path: 'payment/payment-intent-for-both',
    base: () => [...asParts(bothFields()), mediaPart()],
    refusedAs: INVALID_CAPTCHA,
  },
];

const POST_PATHS = [...JSON_ENDPOINTS, ...FORM_ENDPOINTS].map((endpoint) => endpoint.path);

/** Field values a form can carry: text, bytes that are not UTF-8, too long, JSON-ish. */
const hostileFieldValue: fc.Arbitrary<Buffer> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => Buffer.from(s)),
  fc.constantFrom(...INVALID_UTF8),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    ...[
      '',
      ' ',
      'true',
      'REVIEW',
      'BOTH',
      'TIP',
      '1e309',
      '-0',
      'NaN',
      '-91',
      '181',
      '99999999999999999999',
      '[]',
      'null',
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      deepArray(2000),
      'x'.repeat(5000),
    ].map((text) => Buffer.from(text)),
  ),
);

/** Field names (never empty: a nameless part is a known bug, tested under "known bugs"). */
const hostileFieldName: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom<string | Buffer>(
    ...PROTO_KEYS,
    'admin',
    'media',
    'thumbnail',
    ' ',
    'payment_method_types[]',
    'n'.repeat(200),
    ...INVALID_UTF8,
  ),
  fc.string({ minLength: 1, maxLength: 10 }),
);

type FormChange =
  | { kind: 'replace' | 'drop'; at: number; value: Buffer }
  | { kind: 'add'; name: string | Buffer; value: Buffer }
  | { kind: 'file'; name: string | Buffer; value: Buffer; filename: string | Buffer; type: string }
  | { kind: 'many' };

const formChange: fc.Arbitrary<FormChange> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('replace' as const, 'drop' as const),
      at: fc.nat(40),
      value: hostileFieldValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      name: hostileFieldName,
      value: hostileFieldValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('file' as const),
      name: fc.constantFrom<string | Buffer>(
        'media',
        'thumbnail',
        '__proto__',
        'other',
        INVALID_UTF8[0]!,
      ),
      value: fc.oneof(
        fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.concat([JPEG.subarray(0, 64), Buffer.alloc(30_000)])),
        fc.constant(Buffer.from('<!DOCTYPE html><script>alert(1)</script>'.padEnd(30_000))),
      ),
      filename: fc.constantFrom<string | Buffer>(
        'a.jpg',
        '../../evil.jpg',
        '',
        '.db.json',
        INVALID_UTF8[0]!,
      ),
      type: fc.constantFrom('image/jpeg', 'video/mp4', 'text/html', 'application/json', ''),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'many' as const }) },
);

function applyChanges(parts: Part[], changes: FormChange[]): Part[] {
  const result = [...parts];
  for (const change of changes) {
    if (change.kind === 'many') {
      for (let i = 0; i < 45; i += 1) result.push({ name: `extra${i}`, value: 'x' });
    } else if (change.kind === 'add') {
      result.push({ name: change.name, value: change.value });
    } else if (change.kind === 'file') {
      result.push(change);
    } else if (result.length > 0) {
      const at = change.at % result.length;
      if (change.kind === 'drop') result.splice(at, 1);
      else result[at] = { ...result[at]!, value: change.value };
    }
  }
  return result;
}

function postForm(endpoint: string, body: Buffer, boundary: string): Promise<Answer> {
  return postApi(endpoint, new Uint8Array(body), `multipart/form-data; boundary=${boundary}`, {
    'Idempotency-Key': randomUUID(),
  });
}

/** A JSON POST with this Idempotency-Key, sent as is (node:http: fetch refuses some). */
const postWithKey = (target: string, key: string, body: string) =>
  rawRequest({
    method: 'POST',
    path: `/api/${target}`,
    headers: { ...bearer(), 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: Buffer.from(body),
  });

/** Posts a form: none of its temporary files may be left once it is answered, a 4xx JSON error. */
async function expectFormRefused(target: string, body: Buffer, boundary: string, what: string) {
  const baseline = await uploadsNow();
  const answer = await postForm(target, body, boundary);
  await expectNoFileLeft(`${what} (answered ${answer.status})`, baseline);
  expectJsonError(answer, what);
}

describe('hostile input to the API', () => {
  it('refuses the near-valid bases for the reason given (so their corruptions reach every check)', async () => {
    const expectRefused = (answer: Answer, endpoint: FormEndpoint | JsonEndpoint) => {
      const { field, status, message } = endpoint.refusedAs;
      const body = expectFieldError(answer, endpoint.path, field, status);
      if (message) expect(body.message).toBe(message);
    };
    for (const endpoint of JSON_ENDPOINTS) {
      expectRefused(await postJson(endpoint, JSON.stringify(endpoint.base())), endpoint);
    }
    for (const endpoint of FORM_ENDPOINTS) {
      const boundary = `fuzz-${randomUUID()}`;
      const form = multipart(endpoint.base(), boundary);
      expectRefused(await postForm(endpoint.path, form, boundary), endpoint);
    }
  });

  describe.each(JSON_ENDPOINTS)('POST /api/$path (JSON)', (endpoint) => {
    it.each([
      ['bodies of hostile values', () => hostileJsonText(endpoint.fields)],
      ['a valid-looking body with one field broken', () => corruptedText(endpoint.base)],
    ])('answers %s with a 4xx JSON error', async (_what, bodies) => {
      const text = bodies().filter((t) => !endpoint.couldSucceed(parsesTo(t)));
      await fc.assert(
        fc.asyncProperty(text, async (body) => {
          expectJsonError(await postJson(endpoint, body), `${endpoint.path} ${body.slice(0, 200)}`);
        }),
        RUNS,
      );
    });

    it('answers huge, deep, prototype-polluting and non-UTF-8 bodies with a 4xx JSON error', async () => {
      const [field = '_id'] = endpoint.fields;
      const bodies: [string, string | Buffer, number?][] = [
        ['a 1 MB body', JSON.stringify({ [field]: 'x'.repeat(MB) }), 413],
        ['10,000 nested arrays', deepArray(10_000)],
        ['10,000 nested objects', deepObject(10_000)],
        ['10,000 nested arrays in a field', `{"${field}":${deepArray(10_000)}}`],
        ['10,000 nested objects in a field', `{"${field}":${deepObject(10_000)}}`],
        ['__proto__', `{"__proto__":{"polluted":true},"${field}":{"__proto__":{"polluted":1}}}`],
        ['constructor', `{"constructor":{"prototype":{"polluted":true}},"${field}":"constructor"}`],
        ['prototype', `{"prototype":{"polluted":true},"${field}":{"prototype":null}}`],
        ['truncated JSON', `{"${field}":"abc`, 400],
        ['an empty body', '', 400],
        ['invalid UTF-8 in a string', Buffer.from(`{"${field}":"a\xc0\xaf"}`, 'latin1')],
        ['invalid UTF-8 in a key', Buffer.from(`{"\xed\xa0\x80":1,"${field}":2}`, 'latin1')],
        ['invalid UTF-8 outside strings', Buffer.from([0x7b, 0xff, 0x7d])],
      ];
      for (const [label, body, status] of bodies) {
        expect(endpoint.couldSucceed(parsesTo(body.toString()))).toBe(false);
        const answer = await postJson(
          endpoint,
          typeof body === 'string' ? body : new Uint8Array(body),
        );
        expectJsonError(answer, `${endpoint.path}: ${label}`);
        if (status) expect({ label, status: answer.status }).toEqual({ label, status });
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe.each(FORM_ENDPOINTS)('POST /api/$path (multipart)', (endpoint) => {
    it('answers a form with hostile fields, names and files with a 4xx JSON error', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(formChange, { minLength: 1, maxLength: 3 }), async (changes) => {
          const boundary = `fuzz-${randomUUID()}`;
          const form = multipart(applyChanges(endpoint.base(), changes), boundary);
          const what = `${endpoint.path} ${JSON.stringify(changes).slice(0, 300)}`;
          await expectFormRefused(endpoint.path, form, boundary, what);
        }),
        RUNS,
      );
    });

    it('answers a form cut off anywhere with a 4xx JSON error', async () => {
      const boundary = `fuzz-${randomUUID()}`;
      const whole = multipart(endpoint.base(), boundary);
      await fc.assert(
        fc.asyncProperty(fc.nat(whole.length - 1), async (cut) => {
          const what = `${endpoint.path} cut at ${cut} of ${whole.length}`;
          await expectFormRefused(endpoint.path, whole.subarray(0, cut), boundary, what);
        }),
        RUNS,
      );
    });

    it('answers a 1 MB field, a 1 MB file of noise and a header that never ends with a 4xx', async () => {
      const boundary = `fuzz-${randomUUID()}`;
      const forms: [string, Buffer][] = [
        [
          'a 1 MB field',
          multipart([...endpoint.base(), { name: 'title', value: 'x'.repeat(MB) }], boundary),
        ],
        [
          'a 1 MB file of noise',
          multipart(
            [...withoutMedia(endpoint.base()), mediaPart(Buffer.alloc(MB, 0xa5), 'a.jpg')],
            boundary,
          ),
        ],
        [
          'a part without a name',
          Buffer.from(`--${boundary}\r\nX-Nothing: here\r\n\r\nvalue\r\n--${boundary}--\r\n`),
        ],
        [
          'a header that never ends',
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${'x'.repeat(100_000)}`,
          ),
        ],
      ];
      for (const [label, body] of forms) {
        await expectFormRefused(endpoint.path, body, boundary, `${endpoint.path}: ${label}`);
      }
    });

    // name="" or no name: busboy gives undefined; this was a 500 (hashForm sorting it).
    it('answers a form with a nameless part beside another field with a 4xx JSON error', async () => {
      for (const disposition of ['form-data; name=""', 'form-data']) {
        const body = Buffer.from(
          `--b\r\nContent-Disposition: form-data; name="icon"\r\n\r\nRECOGNITION\r\n` +
            `--b\r\nContent-Disposition: ${disposition}\r\n\r\nhello\r\n--b--\r\n`,
        );
        const what = `${endpoint.path}: ${disposition}`;
        expectJsonError(await postForm(endpoint.path, body, 'b'), what);
      }
    });
  });

  it('answers every POST endpoint with a 4xx JSON error whatever the Content-Type', async () => {
    const boundary = `fuzz-${randomUUID()}`;
    const bodies: [string, string | Uint8Array<ArrayBuffer>][] = [
      ['JSON', '{"_id":42,"fullName":[],"email":{},"name":"nope"}'],
      ['multipart', new Uint8Array(multipart(asParts(reviewFields('REVIEW', NO_GUEST)), boundary))],
      ['noise', new Uint8Array(Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 37) % 256)))],
    ];
    // One type per distinct answer: the wrong type, no boundary, a boundary too long, multipart
    // read, JSON read, a charset refused (415).
    const types = [
      null,
      'multipart/form-data',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      `multipart/form-data; boundary=${boundary}; charset=utf-16`,
      'application/json',
      'application/json; charset=latin1',
    ];
    for (const endpoint of POST_PATHS) {
      for (const type of types) {
        for (const [label, body] of bodies) {
          const answer = await postApi(endpoint, body, type, { 'Idempotency-Key': randomUUID() });
          expectJsonError(answer, `${endpoint} with ${label} as ${type ?? 'no Content-Type'}`);
        }
      }
    }
  });

  it('answers compressed bodies it cannot or will not read with a 4xx JSON error', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(50 * MB, 0x20)); // 50 MB of spaces, 50 KB gzipped
    const cases: [string, string, Buffer, number?][] = [
      ['gzip noise', 'gzip', Buffer.from('not gzip at all')],
      ['a gzip bomb', 'gzip', bomb, 413],
      ['gzip twice', 'gzip, gzip', zlib.gzipSync(Buffer.from('{"_id":1}'))],
    ];
    for (const endpoint of POST_PATHS) {
      for (const [label, coding, body, status] of cases) {
        const answer = await postApi(endpoint, new Uint8Array(body), 'application/json', {
          'Content-Encoding': coding,
          'Idempotency-Key': randomUUID(),
        });
        expectJsonError(answer, `${endpoint}: ${label}`);
        if (status && !endpoint.startsWith('gratitude/') && !endpoint.endsWith('for-both')) {
          expect({ label, status: answer.status }).toEqual({ label, status });
        }
      }
    }
  });

  it('answers a bad Idempotency-Key with a 400 naming the header', async () => {
    const endpoints = [...FORM_ENDPOINTS, ...JSON_ENDPOINTS.filter((e) => e.idempotent)];
    // Other characters: the property below.
    const keys: [string, string][] = [
      ['empty', ''],
      ['10 KB', 'k'.repeat(10 * 1024)],
      ['201 characters', 'k'.repeat(201)],
    ];
    for (const { path: target } of endpoints) {
      for (const [label, key] of keys) {
        const answer = await postWithKey(target, key, JSON.stringify(tipBody()));
        expectFieldError(answer, `${target}: ${label} key`, 'Idempotency-Key');
      }
    }
  });

  it('answers any Idempotency-Key with a hostile body with a 4xx JSON error', async () => {
    // The header's bytes as HTTP allows them: tab, visible ASCII and Latin-1.
    const headerChar = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0xff }),
      fc.constant(0x09),
    );
    const key = fc
      .array(headerChar, { maxLength: 260 })
      .map((codes) => String.fromCharCode(...codes));
    const endpoint = fc.constantFrom(
      'gratitude/create-gratitude',
      'payment/payment-intent-for-both',
      'payment/create-payment-intent',
    );
    await fc.assert(
      fc.asyncProperty(key, endpoint, async (value, target) => {
        const answer = await postWithKey(target, value, '{"piDescription":1}');
        const body = expectJsonError(answer, `${target} key ${JSON.stringify(value)}`);
        // HTTP trims spaces and tabs around a header value.
        const sent = value.replace(/^[ \t]+|[ \t]+$/g, '');
        if (!/^[\x21-\x7e]{1,200}$/.test(sent)) expect(body.field).toBe('Idempotency-Key');
      }),
      RUNS,
    );
  });

  // Other values and encodings of the same rules: the property below and http.test.ts's queryInt.
  it.each([
    ['pageNo=0&userId=ava-martinez', 'pageNo'],
    ['pageNo=1000001&userId=ava-martinez', 'pageNo'],
    ['pageNo=1&pageNo=2&userId=ava-martinez', 'pageNo'],
    ['pageNo[__proto__]=1&userId=ava-martinez', 'pageNo'],
    ['userId=ava-martinez', 'pageNo'],
    ['pageNo=1&limit=0&userId=ava-martinez', 'limit'],
    ['pageNo=1&limit=101&userId=ava-martinez', 'limit'],
    ['pageNo=1&userId=ava-martinez&userId=sam-lee', 'userId'],
    ['pageNo=1&userId[__proto__][polluted]=1', 'userId'],
    ['pageNo=1&userId[constructor][prototype][polluted]=1', 'userId'],
    [`pageNo=1&userId=${'a'.repeat(101)}`, 'userId'],
    ['pageNo=1&userId=', 'userId'],
  ])('answers the gallery query %s with a 400 naming %s', async (query, field) => {
    expectFieldError(await getApi(`user/v2/fetchUserGallery?${query}`), query, field);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers any gallery query with a 4xx JSON error unless it names a profile', async () => {
    const byte = fc.integer({ min: 0, max: 255 });
    const encoded = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }).map((s) => encodeBytes(Buffer.from(s))),
      fc.array(byte, { maxLength: 8 }).map((bytes) => encodeBytes(Buffer.from(bytes))),
      fc.constantFrom('%', '%Z', '%FF%FE', '1e309', '-1', 'NaN', '20', '1', '[]', '%00'),
      fc.integer().map(String),
      fc.double().map((n) => encodeURIComponent(String(n))),
    );
    const param = fc.tuple(
      fc.constantFrom(
        'pageNo',
        'limit',
        'userId',
        'pageNo[]',
        'userId[]',
        'limit[a]',
        'pageNo[__proto__]',
        'userId[constructor]',
        'x',
      ),
      encoded,
    );
    await fc.assert(
      fc.asyncProperty(fc.array(param, { maxLength: 5 }), async (params) => {
        // A valid page of a known profile would be a 200: always name no profile.
        const query = [...params.map(([k, v]) => `${k}=${v}`), 'userId=no-such-profile'].join('&');
        const target = `user/v2/fetchUserGallery?${query}`;
        expectJsonError(await getApi(target), target);
      }),
      RUNS,
    );
  });

  it('answers hostile Authorization headers with a 401 JSON error', async () => {
    const values = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        `bearer ${api.guestToken}`,
        `Bearer  ${api.guestToken}`,
        `Bearer ${api.guestToken}x`,
        `Basic ${Buffer.from(`${api.guestToken}:`).toString('base64')}`,
        `Bearer ${'x'.repeat(10_000)}`,
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        values,
        fc.constantFrom(...JSON_ENDPOINTS.map((e) => e.path)),
        async (value, target) => {
          fc.pre(value.trim() !== `Bearer ${api.guestToken}`);
          const answer = await call(`${api.apiBaseUrl}/${target}`, {
            method: 'POST',
            headers: { Authorization: value, 'Content-Type': 'application/json' },
            body: '{}',
          });
          expectJsonError(answer, `${target} Authorization ${JSON.stringify(value)}`);
          expect(answer.status).toBe(401);
          expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="grati-guest"');
        },
      ),
      RUNS,
    );
  });

  it('answers other methods and unknown paths under /api with a 404 JSON error', async () => {
    for (const target of [...POST_PATHS, 'user/v2/fetchUserGallery']) {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
        if (target === '__scenarios' && method === 'GET') continue; // lists the scenarios
        if (target === 'user/v2/fetchUserGallery' && method === 'GET') continue;
        const answer = await call(`${api.apiBaseUrl}/${target}`, {
          method,
          headers: { ...bearer(), 'Content-Type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{"__proto__":{"polluted":true}}' }),
        });
        expect({ target, method, status: answer.status }).toEqual({ target, method, status: 404 });
        expectJsonError(answer, `${method} ${target}`);
      }
    }
    const unknown = ['..%2f..%2fdb.json', 'gratitude/findUser/..', '__proto__', 'constructor'];
    for (const target of unknown) {
      const answer = await call(`${api.apiBaseUrl}/${target}`, {
        method: 'POST',
        headers: bearer(),
      });
      expectJsonError(answer, `POST /api/${target}`);
    }
  });

  it('ignores hostile query strings on the calls that take no input', async () => {
    const query = '?callback[]=x&__proto__[polluted]=1&constructor[prototype][polluted]=1&a=%FF%E0';
    for (const target of ['__demo-profiles', '__payments', '__scenarios']) {
      const answer = await getApi(`${target}${query}`);
      expect({ target, status: answer.status }).toEqual({ target, status: 200 });
      expect(answer.contentType).toMatch(/^application\/json/);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the data view read-only, whatever the method override or body', async () => {
    const views = ['__db/guests', '__db/users/ava-martinez', '__db/db', '__db/__proto__'];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const target of views) {
        const answer = await call(`${api.apiBaseUrl}/${target}`, {
          method,
          headers: {
            ...bearer(),
            'Content-Type': 'application/json',
            'X-HTTP-Method-Override': 'DELETE',
          },
          body: '{"_id":"ava-martinez","__proto__":{"polluted":true},"userId":"x"}',
        });
        expect({ method, target, status: answer.status }).toEqual({ method, target, status: 405 });
        expectJsonError(answer, `${method} /api/${target}`);
      }
    }
    // GET with a method override stays a read.
    const answer = await call(`${api.apiBaseUrl}/__db/guests?_method=DELETE`, {
      headers: { ...bearer(), 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(answer.status).toBe(200);
  });

  it('keeps media requests inside the media folders', async () => {
    const targets = [
      '/media/uploads/../db.json',
      '/media/uploads/..%2fdb.json',
      '/media/uploads/%2e%2e/db.json',
      '/media/uploads/..%5cdb.json',
      '/media/seed/../../db/store.ts',
      '/media/seed/..%2f..%2fserver.ts',
      '/media/seed/%00',
      '/media/seed/%E0%A4%A',
      '/media/uploads/.upload-x',
      `/media/seed/${'x'.repeat(5000)}.jpg`,
      '/media/__proto__',
    ];
    for (const target of targets) {
      const answer = await rawRequest({ path: target });
      expect({ target, status: answer.status }).toEqual({ target, status: 404 });
      expectJsonError(answer, `GET ${target.slice(0, 60)}`);
      expect(answer.text).not.toContain('"guests"');
    }
  });

  it('keeps answering while bodies never end (clients that give up, streams without a boundary)', async () => {
    for (const endpoint of FORM_ENDPOINTS) {
      // A file part that never ends: the client gives up once the server is writing it.
      const boundary = `fuzz-${randomUUID()}`;
      const head = multipart(withoutMedia(endpoint.base()), boundary, false);
      const fileHead = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      const baseline = await uploadsNow();
      const result = await endlessRequest({
        path: `/api/${endpoint.path}`,
        contentType: `multipart/form-data; boundary=${boundary}`,
        head: Buffer.concat([head, fileHead, JPEG.subarray(0, 1024)]),
        giveUpWhen: async () => (await uploadsNow()).some((name) => name.startsWith('.upload-')),
      });
      expect({ at: endpoint.path, ...result }).toEqual({ at: endpoint.path, gaveUp: true });
      await expectNoFileLeft(`${endpoint.path}: endless file, given up`, baseline, 5000);

      // A multipart stream without a boundary is refused at once, while it is still coming.
      const noBoundary = await endlessRequest({
        path: `/api/${endpoint.path}`,
        contentType: 'multipart/form-data',
        head: Buffer.from('--x\r\nContent-Disposition: form-data; name="icon"\r\n\r\n'),
      });
      expectJsonError(noBoundary.answer!, `${endpoint.path}: endless, no boundary`);
    }

    for (const endpoint of JSON_ENDPOINTS) {
      // Given up on before the limit and past it (where the parser drops the rest, unanswered).
      for (const giveUpAfterBytes of [20_000, 300_000]) {
        const result = await endlessRequest({
          path: `/api/${endpoint.path}`,
          contentType: 'application/json',
          head: Buffer.from('{"_id":"'),
          giveUpAfterBytes,
        });
        expect({ at: endpoint.path, ...result }).toEqual({ at: endpoint.path, gaveUp: true });
      }
    }

    // An endless body of a type the endpoint does not read is refused without reading it.
    const unread = await endlessRequest({
      path: '/api/gratitude/findUser',
      contentType: 'application/octet-stream',
      head: Buffer.from('x'),
    });
    expectJsonError(unread.answer!, 'findUser: endless octet-stream');
    expect((await findAva()).status).toBe(200);
  });

  it('answers a 1 MB URL or header with 431 (Node refuses it before the app) and stays up', async () => {
    const galleryOf = (userId: string) =>
      rawRequest({
        path: `/api/user/v2/fetchUserGallery?pageNo=1&userId=${userId}`,
        headers: bearer(),
      });
    // Node's HTTP parser answers these itself (no body, so no JSON): the app never sees them.
    expect((await galleryOf('a'.repeat(MB))).status).toBe(431);
    const longHeader = await rawRequest({
      method: 'POST',
      path: '/api/gratitude/create-gratitude',
      headers: { ...bearer(), 'Idempotency-Key': 'k'.repeat(MB) },
    });
    expect(longHeader.status).toBe(431);
    // Just under Node's limit the app answers, in JSON.
    expectFieldError(await galleryOf('a'.repeat(8000)), '8 KB userId', 'userId');
  });
});

function encodeBytes(bytes: Buffer): string {
  return [...bytes]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const formText = (entries: [string, Buffer][]) =>
  entries.map(([k, v]) => `${encodeBytes(Buffer.from(k))}=${encodeBytes(v)}`).join('&');

const hostileFormEntries = (keys: readonly string[]) =>
  fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), hostileFieldValue),
    { maxLength: 6 },
  );

/** A POST to an emulator's `target` (from the origin) with this Content-Type and body. */
const postTo = (target: string, contentType: string, body: string) =>
  call(`${api.origin}${target}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });

describe('hostile input to the emulators', () => {
  const STRIPE_KEYS = [
    'amount',
    'amount[]',
    'amount[a]',
    'payment_method_types[]',
    'allowed_payment_method_types[]',
    'metadata[x]',
    'metadata[__proto__][polluted]',
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'type',
    'type[]',
    'card[number]',
    'card[exp_month]',
    'card[exp_year]',
    'card[cvc]',
    'card[__proto__][polluted]',
    'payment_method',
    'payment_method_data[type]',
    'payment_method_data[card][number]',
    'client_secret',
    'key',
    'outcome',
    'cancellation_reason',
    'confirm',
    'description',
  ];

  const secretKey = () => ({ Authorization: `Bearer ${api.emulatorSecretKey}` });
  // The server's own secret key is only known once it has started: 'secret' stands for it.
  const stripeAuth = fc.constantFrom<Record<string, string> | 'secret'>(
    'secret',
    { Authorization: 'Bearer sk_test_emulator' },
    { Authorization: `Bearer ${EMULATOR_PUBLISHABLE_KEY}` },
    { Authorization: 'Bearer sk_live_123456789' },
    { Authorization: 'Basic %%%' },
    { Authorization: 'Bearer' },
    {},
  );

  it('Stripe (/v1): answers hostile forms with a 4xx in Stripe’s error format', async () => {
    const routes = fc.constantFrom(
      // No currency is ever sent to create, and never type=card alone to payment_methods, so
      // neither can succeed; the others name objects that do not exist.
      { method: 'POST', path: '/v1/payment_intents', drop: /^currency/ },
      { method: 'POST', path: '/v1/payment_methods', drop: /^type$/ },
      { method: 'POST', path: '/v1/payment_intents/pi_fuzz/confirm' },
      { method: 'POST', path: '/v1/payment_intents/pi_fuzz/cancel' },
      { method: 'POST', path: '/v1/payment_intents/pi_fuzz/authenticate' },
      { method: 'GET', path: '/v1/payment_intents/pi_fuzz' },
      { method: 'GET', path: '/v1/payment_methods/pm_fuzz' },
      { method: 'POST', path: '/v1/nothing_here' },
    );
    await fc.assert(
      fc.asyncProperty(
        routes,
        hostileFormEntries(STRIPE_KEYS),
        stripeAuth,
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        async (route, entries, auth, idempotencyKey) => {
          const drop = 'drop' in route ? route.drop : undefined;
          const kept = entries.filter(([k]) => !drop?.test(k) && !/^currency/.test(k));
          const form = formText(kept);
          const isGet = route.method === 'GET';
          // Node refuses a request line over 16 KB itself (431, no body): the 1 MB URL test.
          fc.pre(!isGet || form.length < 8000);
          const answer = await call(`${api.origin}${route.path}${isGet ? `?${form}` : ''}`, {
            method: route.method,
            headers: {
              ...(auth === 'secret' ? secretKey() : auth),
              ...(isGet ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }),
              ...(idempotencyKey === undefined
                ? {}
                : { 'Idempotency-Key': idempotencyKey.replace(/[^\x20-\x7e]/g, '') }),
            },
            ...(isGet ? {} : { body: form }),
          });
          expectJsonError(answer, `${route.method} ${route.path} ${form.slice(0, 300)}`, 'stripe');
        },
      ),
      RUNS,
    );
    // A month of 1e309, a year of -1, a cvc as a list, bad percent-encoding and a card as text
    // get the answers stripe.test.ts's payment method refusals get. The 1 MB body stands for
    // every emulator's (Branch's and reCAPTCHA's answer the same 413).
    const cases: [string, string][] = [
      [
        'card number as a list',
        'type=card&card[number][]=4242424242424242&card[exp_month]=12&card[exp_year]=40',
      ],
      ['1,000 levels of brackets', `type=card&card${'[a]'.repeat(1000)}=1`],
      ['1 MB', `type=card&card[number]=${'4'.repeat(MB)}`],
    ];
    for (const [label, form] of cases) {
      const answer = await call(`${api.origin}/v1/payment_methods`, {
        method: 'POST',
        headers: { ...secretKey(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expectJsonError(answer, `POST /v1/payment_methods: ${label}`, 'stripe');
    }
    // No hostile call created a PaymentIntent.
    const list = await call(`${api.origin}/v1/payment_intents`, { headers: secretKey() });
    expect(list.status).toBe(200);
    expect((JSON.parse(list.text) as { data: unknown[] }).data).toEqual([]);
  });

  it('Branch (/__branch): answers hostile forms with a 4xx in Branch’s error format', async () => {
    const validKey = /^key_test_[A-Za-z0-9]{32,}$/;
    const keys = [
      'branch_key',
      'link_identifier',
      'browser_fingerprint_id',
      '__proto__',
      'constructor[prototype][polluted]',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/__branch/v1/open', '/__branch/v1/pageview', '/__branch/v1/nothing'),
        hostileFormEntries(keys),
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
        async (route, entries, type) => {
          fc.pre(!entries.some(([k, v]) => k === 'branch_key' && validKey.test(v.toString())));
          const form = formText(entries);
          const answer = await postTo(route, type, form);
          expectJsonError(answer, `POST ${route} ${form.slice(0, 300)}`, 'branch');
        },
      ),
      RUNS,
    );
  });

  it('Branch (/__branch/app.link/_r): answers hostile JSONP calls with a 400 script comment', async () => {
    // Branch's script endpoint answers errors as JavaScript: a comment that input cannot leave.
    const callback = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '',
        '1abc',
        'a-b',
        'alert(1)//',
        '*/alert(1)/*',
        'x'.repeat(100),
        'constructor',
      ),
    );
    const branchKey = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('', 'key_live_abc', `key_test_${'a'.repeat(31)}`, '*/alert(1)/*'),
    );
    await fc.assert(
      fc.asyncProperty(callback, branchKey, async (name, key) => {
        const query = `callback=${encodeBytes(Buffer.from(name))}&branch_key=${encodeBytes(Buffer.from(key))}`;
        const answer = await call(`${api.origin}/__branch/app.link/_r?${query}`);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        expect(answer.contentType).toMatch(/^application\/javascript/);
        expect(answer.text).toMatch(/^\/\* [^*]+ \*\/$/);
      }),
      RUNS,
    );
  });

  it('reCAPTCHA (/__recaptcha): refuses hostile token requests, fails hostile verifications', async () => {
    const keys = ['sitekey', 'secret', 'response', '__proto__', 'constructor'];
    const hostileEntries = fc.array(fc.tuple(fc.constantFrom(...keys), hostileJson), {
      maxLength: 4,
    });
    // /token: a 400 { error } unless a non-empty sitekey is given (then it issues a token).
    await fc.assert(
      fc.asyncProperty(hostileEntries, fc.boolean(), async (entries, asJson) => {
        // A single non-empty sitekey (the last one, in JSON) is a valid request: never sent.
        const sitekeys = entries.filter(([k]) => k === 'sitekey').map(([, v]) => v);
        const last = sitekeys[sitekeys.length - 1];
        fc.pre(
          asJson
            ? !(typeof last === 'string' && last !== '')
            : !(sitekeys.length === 1 && asText(last) !== ''),
        );
        const body = asJson
          ? objectText(entries)
          : formText(entries.map(([k, v]) => [k, Buffer.from(asText(v))]));
        const type = asJson ? 'application/json' : 'application/x-www-form-urlencoded';
        const answer = await postTo('/__recaptcha/token', type, body);
        expectJsonError(answer, `POST /__recaptcha/token ${body.slice(0, 300)}`, 'errorText');
      }),
      RUNS,
    );
    // /siteverify answers HTTP 200 with success false and error codes, as Google documents.
    await fc.assert(
      fc.asyncProperty(hostileEntries, async (entries) => {
        const answer = await postTo(
          '/__recaptcha/siteverify',
          'application/json',
          objectText(entries),
        );
        if (answer.status === 200) {
          const body = JSON.parse(answer.text) as { success: unknown; 'error-codes': unknown };
          expect(body.success).toBe(false);
          expect(Array.isArray(body['error-codes'])).toBe(true);
        } else {
          expectJsonError(answer, 'siteverify', 'errorText');
        }
      }),
      RUNS,
    );
    // Its 1 MB and 10,000-deep bodies get the 413 the Stripe row gets; truncated JSON the 400 of
    // the API's own 'truncated JSON' row; invalid UTF-8 the missing sitekey the property gets.
  });

  // /__branch and /v1: branch.test.ts and stripeAccess.test.ts answer their unknown paths.
  it('answers unknown emulator paths with a 404 JSON error', async () => {
    for (const target of ['/__recaptcha/__proto__', '/__stripe/__proto__']) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const answer = await call(`${api.origin}${target}`, { method });
        expect({ target, method, status: answer.status }).toEqual({ target, method, status: 404 });
        expectJsonError(answer, `${method} ${target}`, 'errorText');
      }
    }
  });
});

describe('the data view', () => {
  // json-server's router threw on these (an HTML 500); sharedDemo/demoRoutes.ts now refuses them.
  it.each([
    ['q given as an object', '__db/users?q[a]=x'],
    ['_sort given twice', '__db/users?_sort=fullName&_sort=userName'],
    ['_order given as a list', '__db/users?_sort=fullName&_order[]=asc'],
    ['_expand given as an object', '__db/feed?_expand[a]=user'],
  ])('GET /api/__db answers %s with a 4xx JSON error', async (_label, target) => {
    expectJsonError(await getApi(target), `GET /api/${target}`);
  });
});

describe('after all that', () => {
  it('still answers a normal profile request', async () => {
    const answer = await findAva();
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.text) as { data: { data: { userDetails: { _id: string } } } };
    expect(body.data.data.userDetails._id).toBe('ava-martinez');
    const scenarios = await call(`${api.apiBaseUrl}/__scenarios`, { headers: bearer() });
    expect((JSON.parse(scenarios.text) as { data: { active: unknown } }).data.active).toBeNull();
  });

  it('left Object.prototype and the other prototypes clean', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(prototypeKeys()).toEqual(prototypesBefore);
  });

  it('left the data file byte-identical and the data and uploads folders unchanged', async () => {
    // Temporary upload files are deleted after their answer: give the last ones a moment.
    const settled = async () => isDeepStrictEqual(await uploadsNow(), before.uploads);
    expect(await waitFor(settled)).toBe(true);
    const after = await snapshot();
    expect(after.dataFile.equals(before.dataFile)).toBe(true);
    expect(after.dataDir).toEqual(before.dataDir);
    expect(after.uploads).toEqual(before.uploads);
    expect(after.state).toBe(before.state);
  });
});

/** A value as a form field carries it. */
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A POST of `head`, then 16 KB chunks until the server answers or the client gives up
 * (`giveUpWhen` holds, or `giveUpAfterBytes` were sent). Bounded by ANSWER_TIMEOUT_MS. */
function endlessRequest(options: {
  path: string;
  contentType: string;
  head: Buffer;
  giveUpWhen?: () => Promise<boolean>;
  giveUpAfterBytes?: number;
}): Promise<{ answer?: Answer; gaveUp: boolean }> {
  const url = new URL(api.origin);
  const chunk = Buffer.alloc(16 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let done = false;
    let sent = 0;
    const started = Date.now();
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: options.path,
      headers: {
        ...bearer(),
        'Content-Type': options.contentType,
        'Idempotency-Key': randomUUID(),
      },
    });
    const finish = (result: { answer?: Answer; gaveUp: boolean }) => {
      if (done) return;
      done = true;
      req.destroy();
      resolve(result);
    };
    req.on('error', () => undefined); // destroyed on purpose, or reset by the server
    req.on(
      'response',
      (res) => void answerOf(res).then((answer) => finish({ answer, gaveUp: false })),
    );
    req.write(options.head);
    const pump = async () => {
      while (!done) {
        if (Date.now() - started > ANSWER_TIMEOUT_MS) {
          done = true;
          req.destroy();
          reject(new Error(`${options.path}: no answer to an endless body (a hang)`));
          return;
        }
        const giveUp =
          (options.giveUpAfterBytes !== undefined && sent >= options.giveUpAfterBytes) ||
          (options.giveUpWhen !== undefined && sent >= 64 * 1024 && (await options.giveUpWhen()));
        if (giveUp) {
          finish({ gaveUp: true });
          return;
        }
        if (!req.write(chunk)) await new Promise((r) => setTimeout(r, 5));
        sent += chunk.length;
        await new Promise((r) => setTimeout(r, 2));
      }
    };
    void pump();
  });
}
