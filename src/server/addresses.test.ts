import { decodeSegment, isNotPage } from './addresses';

describe('isNotPage', () => {
  it.each([
    ['/assets/main.js', true],
    ['/ASSETS', true],
    ['/api/gratitude/findUser', true],
    ['/v1/payment_intents', true],
    ['/__stripe/js', true],
    ['/healthz', true],
    ['/readyz/', true],
    ['/metrics', true],
    ['/robots.txt', true],
    ['/user_profile/ava.json', true],
    ['/', false],
    ['/user_profile/ava', false],
    ['/apis', false],
    ['/metricsx', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isNotPage(pathname)).toBe(expected);
  });
});

it('decodeSegment decodes escapes, and answers null for malformed ones instead of throwing', () => {
  expect(decodeSegment('ava%20martinez')).toBe('ava martinez');
  expect(decodeSegment('%E0%A4%A')).toBeNull();
  expect(decodeSegment('%ZZ')).toBeNull();
});
