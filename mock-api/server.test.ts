import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FindUserResult, GalleryItem } from '../src/api/contract/types';
import { jsonPost, startMockApi, type RunningMockApi } from './testing';

const DEMO_IDS = ['ava-martinez', 'bluebird-cafe', 'green-earth-fund', 'sam-lee', 'tip-only-jo'];

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi({ allowedOrigins: ['http://localhost:3000'] });
});

afterAll(() => api.close());

const findUser = (body: unknown, init: RequestInit = {}) =>
  api.request('gratitude/findUser', { ...jsonPost(body), ...init });

const gallery = (query: string) => api.request(`user/v2/fetchUserGallery?${query}`);

const createUser = (body: unknown) => api.request('user/v2/createWebUser', jsonPost(body));

const click = (userProfileId: string, profileClickBy = 'guest-1', guestName = 'Kim') =>
  api.request('user/userProfileClick', jsonPost({ userProfileId, profileClickBy, guestName }));

/** The body of an answer, as `T`. */
const json = async <T>(answer: Response | Promise<Response>) => (await (await answer).json()) as T;

type Profile = { data: { data: FindUserResult } };
type GalleryPage = { data: { data: GalleryItem[]; totalPostCount: number } };

describe('POST /api/gratitude/findUser', () => {
  it.each(DEMO_IDS)('answers %s with the envelope and the spec field names', async (id) => {
    const response = await findUser({ _id: id, profilePage: true });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: number; data: { data: FindUserResult } };
    expect(body.status).toBe(200);
    const { userDetails, userFeed, iconsCount } = body.data.data;
    expect(userDetails._id).toBe(id);
    expect(Object.keys(userDetails).sort()).toEqual(
      [
        '_id',
        'fullName',
        'userName',
        'profession',
        'workPlace',
        'bio',
        'businessType',
        'premium',
        'isNgoVerified',
        'profilePicture',
        'socialLinks',
        'workPlaceMembersData',
        'associatedWithWorkPlaceDetails',
      ].sort(),
    );
    expect(Array.isArray(userFeed)).toBe(true);
    expect(Object.keys(iconsCount).sort()).toEqual([
      'cleberateCount',
      'handshakeCount',
      'thankyouCount',
      'thumbsupCount',
    ]);
  });

  it("gives Ava's feed newest first, with media URLs relative to the page that serve real files", async () => {
    const body = await json<Profile>(findUser({ _id: 'ava-martinez', profilePage: true }));
    const feed = body.data.data.userFeed;
    const times = feed.map((item) => Date.parse(item.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(feed.filter((item) => item.gratitudeType === 'REVIEW').length).toBeGreaterThanOrEqual(7);
    const firstImage = feed
      .flatMap((item) => item.media)
      .find((m) => m.mimeType.startsWith('image/'));
    // A path: the page shows it from whatever address it was reached at.
    expect(firstImage?.imgUrl.startsWith('/media/')).toBe(true);
    const media = await fetch(`${api.origin}${firstImage!.imgUrl}`);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe(firstImage!.mimeType);
    expect(media.headers.get('x-content-type-options')).toBe('nosniff');
    // The video's poster is a path too, of a JPEG.
    const video = feed.flatMap((item) => item.media).find((m) => m.mimeType === 'video/mp4');
    expect(video?.thumbnailUrl?.startsWith('/media/seed/')).toBe(true);
    const poster = await fetch(`${api.origin}${video!.thumbnailUrl!}`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
  });

  it('lists Bluebird Café team members with names and pictures', async () => {
    const body = await json<Profile>(findUser({ _id: 'bluebird-cafe' }));
    const members = body.data.data.userDetails.workPlaceMembersData;
    expect(members).toHaveLength(6);
    expect(members.map((m) => m._id)).toContain('ava-martinez');
  });

  it('answers an unknown id with 404, a message and no status field', async () => {
    const response = await findUser({ _id: 'nobody-here', profilePage: true });
    expect(response.status).toBe(404);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('status');
    expect(body.message).toMatch(/nobody-here/);
  });

  // Each check's other inputs: http.test.ts (requireString, optionalBoolean, jsonBody).
  it.each([
    ['a missing _id', jsonPost({ profilePage: true }), /_id is required/],
    ['a numeric _id', jsonPost({ _id: 42 }), /_id must be a string/],
    ['a body that is not valid JSON', { ...jsonPost({}), body: '{"_id": "ava-' }, /not valid JSON/],
    [
      'a text/plain body',
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'ava-martinez' },
      /must be JSON/,
    ],
  ])('answers %s with 400 naming the problem', async (_name, init, message) => {
    const response = await api.request('gratitude/findUser', init);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { message: string };
    expect(error.message).toMatch(message);
    expect(error).not.toHaveProperty('status');
  });
});

// Wrong tokens and schemes: fuzz.test.ts ('answers hostile Authorization headers with a 401').
it('answers a request without the guest token with 401 and a JSON error, the gallery too', async () => {
  const response = await fetch(`${api.apiBaseUrl}/gratitude/findUser`, jsonPost({ _id: 'x' }));
  expect(response.status).toBe(401);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect((await json<{ error: string }>(response)).error).toBe('unauthorized');
  const gallery = await fetch(`${api.apiBaseUrl}/user/v2/fetchUserGallery?pageNo=1&userId=x`);
  expect(gallery.status).toBe(401);
});

describe('GET /api/user/v2/fetchUserGallery', () => {
  it("pages Ava's 47 items as 20, 20, 7 and then empty", async () => {
    const sizes: number[] = [];
    const seen = new Set<string>();
    for (const pageNo of [1, 2, 3, 4]) {
      const response = await gallery(`pageNo=${pageNo}&limit=20&userId=ava-martinez`);
      expect(response.status).toBe(200);
      const body = await json<GalleryPage>(response);
      expect(body.data.totalPostCount).toBe(47);
      sizes.push(body.data.data.length);
      body.data.data.forEach((item) => seen.add(item.media));
    }
    expect(sizes).toEqual([20, 20, 7, 0]);
    expect(seen.size).toBe(47);
  });

  it('serves every gallery item as a playable or viewable file of its type', async () => {
    const body = await json<GalleryPage>(gallery('pageNo=1&limit=100&userId=ava-martinez'));
    const videos = body.data.data.filter((item) => item.mimeType === 'video/mp4');
    expect(videos.length).toBeGreaterThanOrEqual(3);
    const response = await fetch(`${api.origin}${videos[0]!.media}`);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    // Each video comes with its poster (its thumbnailUrl), a JPEG; the pictures have none.
    for (const video of videos) {
      expect(video.thumbnailUrl).toMatch(/\/media\/seed\/ava-video-[a-z]+-poster\.jpg$/);
      const poster = await fetch(`${api.origin}${video.thumbnailUrl!}`);
      expect(poster.status).toBe(200);
      expect(poster.headers.get('content-type')).toBe('image/jpeg');
    }
    const pictures = body.data.data.filter((item) => item.mimeType.startsWith('image/'));
    expect(pictures.every((item) => !('thumbnailUrl' in item))).toBe(true);
  });

  it('answers an empty gallery with an empty page', async () => {
    const body = await json<GalleryPage>(gallery('pageNo=1&limit=20&userId=sam-lee'));
    expect(body.data).toEqual({ data: [], totalPostCount: 0 });
  });
});

describe('guests and profile clicks', () => {
  it('gives the same guest id for the same email, whatever its case', async () => {
    const idOf = async (body: unknown) =>
      (await json<{ data: { userId: string } }>(createUser(body))).data.userId;
    const ids = [
      await idOf({ email: 'Kim@Example.org', fullName: 'Kim' }),
      await idOf({ email: ' kim@example.org ', fullName: 'Kim Park' }),
      await idOf({ email: 'lee@example.travel', fullName: 'Lee' }),
    ];
    expect(ids[0]).toMatch(/^guest-/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('rejects a fullName of 31 characters with 400 on fullName', async () => {
    const response = await createUser({ email: 'kim@example.org', fullName: 'x'.repeat(31) });
    expect(response.status).toBe(400);
    expect((await json<{ field: string }>(response)).field).toBe('fullName');
  });

  it('stores a profile click in the data file before answering', async () => {
    const response = await click('ava-martinez');
    expect(response.status).toBe(200);
    const file = JSON.parse(await readFile(path.join(api.dataDir, 'db.json'), 'utf8')) as {
      profileClicks: { guestName: string }[];
    };
    expect(file.profileClicks.map((c) => c.guestName)).toContain('Kim');
  });

  it('answers a click on an unknown profile with 404', async () => {
    expect((await click('nobody')).status).toBe(404);
  });
});

describe('CORS and unknown routes', () => {
  it("allows only the app's origin", async () => {
    const preflight = (origin: string) =>
      fetch(`${api.apiBaseUrl}/gratitude/findUser`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://localhost:3000');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const denied = await preflight('https://evil.example');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an unknown API path with a 404 JSON error', async () => {
    const response = await api.request('nothing/here');
    expect(response.status).toBe(404);
    expect((await json<{ error: string }>(response)).error).toBe('not_found');
  });

  it("runs a _like filter as plain text, never as the caller's regular expression", async () => {
    // On a field any caller writes (emails are no filter at all: routes/dataView.test.ts).
    // As a regular expression, ^(a|aa)+Y on this text backtracks for longer than anyone waits.
    expect((await click('ava-martinez', 'a'.repeat(100), 'Like Tester')).status).toBe(200);
    expect((await click('ava-martinez', 'a(b)+c', 'Like Tester')).status).toBe(200);
    const matches = async (query: string) => {
      const response = await api.request(`__db/profileClicks?${query}`);
      expect(response.status).toBe(200);
      const rows = (await response.json()) as { profileClickBy: string }[];
      return rows.map((row) => row.profileClickBy);
    };
    // As a regular expression this would not answer within the test's time at all (it blocks
    // the server's one thread), whatever the machine's speed: an answer shows it is text.
    expect(await matches(`profileClickBy_like=${encodeURIComponent('^(a|aa)+Y')}`)).toEqual([]);
    // As text, "(b)+c" is found in a(b)+c; as a regular expression it would not be.
    expect(await matches(`profileClickBy_like=${encodeURIComponent('(b)+C')}`)).toEqual(['a(b)+c']);
  });

  it('shows no whole guest email in the whole data view', async () => {
    await createUser({ fullName: 'Secret Keeper', email: 'keeper@example.com' });
    const whole = await (await api.request('__db/db')).text();
    expect(whole).toContain('Secret Keeper');
    expect(whole).not.toMatch(/keeper@example\.com/);
  });

  it('lists the five demo profiles for the home page', async () => {
    const body = await json<{ data: { data: { id: string }[] } }>(api.request('__demo-profiles'));
    expect(body.data.data.map((p) => p.id)).toEqual(DEMO_IDS);
  });
});
