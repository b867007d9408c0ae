import { carriesSentMark, hasSentMark, markSent, SENT_MARK_SECONDS } from './sentMark';

/** Shows the page at `path`: a cookie is seen only under the addresses it was set for. */
const at = (path: string) => window.history.replaceState(null, '', path);

describe('the sent mark', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    for (const path of ['/user_profile/', '/user-details/']) {
      document.cookie = `grati_sent=; Path=${path}; Max-Age=0`;
    }
    at('/');
  });

  it('marks the profile on its pages, and only there', () => {
    at('/user_profile/ava');
    markSent('ava');
    expect(hasSentMark('ava')).toBe(true);
    expect(hasSentMark('sam')).toBe(false);
    at('/user-details/ava');
    expect(hasSentMark('ava')).toBe(true);
    // Not sent with the site's other requests (a cache in front skips any request with a cookie).
    at('/gpay');
    expect(document.cookie).toBe('');
  });

  it('keeps the profiles sent to lately, each named as the address does', () => {
    at('/user_profile/ava');
    markSent('ava');
    markSent('a b;c|d');
    markSent('ava');
    expect(hasSentMark('a b;c|d')).toBe(true);
    expect(hasSentMark('ava')).toBe(true);
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) markSent(id);
    expect(hasSentMark('ava')).toBe(false);
    expect(hasSentMark('p1')).toBe(true);
  });

  it(`lasts ${SENT_MARK_SECONDS} seconds, on the profile pages' addresses`, () => {
    const written: string[] = [];
    jest.spyOn(document, 'cookie', 'set').mockImplementation((cookie) => written.push(cookie));
    markSent('ava');
    expect(written).toEqual([
      'grati_sent=ava; Path=/user_profile/; Max-Age=120; SameSite=Lax',
      'grati_sent=ava; Path=/user-details/; Max-Age=120; SameSite=Lax',
    ]);
  });

  it('is read from a Cookie header among others, for the profile it names', () => {
    expect(carriesSentMark(undefined, 'ava')).toBe(false);
    expect(carriesSentMark('tester=abc', 'ava')).toBe(false);
    expect(carriesSentMark('tester=abc; grati_sent=sam|ava', 'ava')).toBe(true);
    expect(carriesSentMark('grati_sent=ava;tester=abc', 'ava')).toBe(true);
    expect(carriesSentMark('grati_sent=ava', 'sam')).toBe(false);
    expect(carriesSentMark('not_grati_sent=ava', 'ava')).toBe(false);
    expect(carriesSentMark('grati_sent=%E0%A4%A|ava', 'ava')).toBe(true);
  });
});
