import {
  carriesResult,
  isAppRoute,
  isSentQuery,
  paths,
  profileIdSegment,
  redirectedPaymentSecret,
  withoutResultParams,
} from './paths';

describe('isSentQuery', () => {
  it.each([
    ['?show=true', true],
    ['?show', true],
    ['?redirect_status=succeeded&payment_intent=pi_1', true],
    ['?redirect_status=failed', false],
    ['?shown=1', false],
  ])('%j -> %s', (search, expected) => {
    expect(isSentQuery(search)).toBe(expected);
  });
});

describe('redirectedPaymentSecret', () => {
  it.each([
    ['?redirect_status=succeeded&payment_intent_client_secret=pi_1_secret_a', 'pi_1_secret_a'],
    ['?redirect_status=failed&payment_intent_client_secret=pi_1_secret_a', 'pi_1_secret_a'],
    ['?redirect_status=succeeded&payment_intent=pi_1', null],
    // A sent recognition is not a payment to read back, whatever else the address carries.
    ['?show=true&payment_intent_client_secret=pi_1_secret_a', null],
    ['', null],
  ])('%s -> %s', (search, expected) => {
    expect(redirectedPaymentSecret(search)).toBe(expected);
  });
});

describe('withoutResultParams', () => {
  it('removes show and the payment result parameters, keeping the rest, from any address', () => {
    const clean = 'http://localhost:3000/user_profile/ava';
    const result =
      'payment_intent=pi_1&payment_intent_client_secret=pi_1_secret&redirect_status=failed';
    expect(withoutResultParams(`${clean}?show=true&${result}&ref=qr`)).toBe(`${clean}?ref=qr`);
    expect(withoutResultParams(clean)).toBe(clean);
  });
});

describe('paths.profile.href', () => {
  it('builds the profile address, and the addresses that say something was sent', () => {
    expect(paths.profile.href('ava martinez')).toBe('/user_profile/ava%20martinez');
    expect(paths.profile.href('ava', { sent: 'recognition' })).toBe('/user_profile/ava?show=true');
    expect(paths.profile.href('ava', { sent: 'payment' })).toBe(
      '/user_profile/ava?redirect_status=succeeded',
    );
  });

  it('builds sent addresses that the parser reads as sent and carrying a result, and clears them again', () => {
    for (const sent of ['recognition', 'payment'] as const) {
      const url = new URL(paths.profile.href('ava', { sent }), 'http://localhost');
      expect(isSentQuery(url.search)).toBe(true);
      expect(carriesResult(url.search)).toBe(true);
      expect(withoutResultParams(url.href)).toBe('http://localhost/user_profile/ava');
    }
    expect(isSentQuery(paths.profile.href('ava'))).toBe(false);
  });
});

describe('profileIdSegment', () => {
  it.each([
    ['/user_profile/ava/', 'ava'],
    // Still escaped, as in the address, malformed escapes too: the server decides.
    ['/user_profile/%E0%A4%A', '%E0%A4%A'],
    ['/user_profile/ava.json', 'ava.json'],
    ['/user_profile/', null],
    ['/user_profile/ava/gallery', null],
    ['/user_profile/redirect/ava', null],
    ['/USER_PROFILE/ava', null],
    ['/xuser_profile/ava', null],
    ['/user_profiles/ava', null],
  ])('%s -> %s', (pathname, expected) => {
    expect(profileIdSegment(pathname)).toBe(expected);
  });

  it('reads the id back from every profile address the app builds', () => {
    for (const id of ['ava', 'ava martinez', 'a/b', '100%']) {
      const segment = encodeURIComponent(id);
      expect(profileIdSegment(paths.profile.href(id))).toBe(segment);
      expect(profileIdSegment(paths.userDetails.href(id))).toBe(segment);
    }
  });
});

describe('isAppRoute', () => {
  it.each([
    ['/gpay/', true],
    ['/user-details/ava/', true],
    ['/user_profile/redirect', true],
    ['//', false],
    ['/gpayment', false],
    ['/gpay/x', false],
    ['/user_profile/redirectx', true], // a profile id, like any other segment
    ['/user_profile/ava/gallery', false],
    ['/GPAY', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isAppRoute(pathname)).toBe(expected);
  });

  it('takes in every address the app builds, so a new route is the server’s too', () => {
    for (const route of Object.values(paths)) {
      const example = route.path.replace(/:[^/]+/g, 'ava').replace(/\*$/, 'x/ava');
      expect(isAppRoute(example)).toBe(true);
    }
  });
});

describe('carriesResult', () => {
  it.each([
    ['?redirect_status=failed', true],
    ['?payment_intent=pi_1', true],
    ['?payment_intent_client_secret=pi_1_secret_a', true],
    ['?ref=qr&utm_source=x', false],
    ['?shown=1', false],
  ])('%j -> %s', (search, expected) => {
    expect(carriesResult(search)).toBe(expected);
  });
});
