import { changeFor, readReproLink, reproLinkFor } from './reproLink';

describe('readReproLink', () => {
  it.each([
    ['?scenario=slow&delayMs=5000', { name: 'slow', delayMs: 5000 }],
    ['?show=true&scenario=intent-error', { name: 'intent-error' }],
    ['?scenario=slow&delayMs=-5', { name: 'slow' }],
    ['?scenario=captcha-fail&ttlMinutes=60', { name: 'captcha-fail', ttlMinutes: 60 }],
    ['?scenario=captcha-fail&ttlMinutes=1.5', { name: 'captcha-fail' }],
    ['?scenario=', null],
    ['?delayMs=100', null],
  ])('reads %j as %j (a delay or duration only when a whole number)', (search, link) => {
    expect(readReproLink(search)).toEqual(link);
  });
});

describe('changeFor', () => {
  it('asks for the delay only where the scenario takes one, and for the duration given', () => {
    expect(changeFor({ name: 'slow', delayMs: 5000, ttlMinutes: 10 })).toEqual({
      name: 'slow',
      delayMs: 5000,
      ttlMinutes: 10,
    });
    expect(changeFor({ name: 'captcha-fail', delayMs: 5000 })).toEqual({ name: 'captcha-fail' });
  });

  it('clears the scenario for "none"', () => {
    expect(changeFor({ name: 'none', ttlMinutes: 10 })).toEqual({ name: null });
  });
});

describe('reproLinkFor', () => {
  const page = 'http://localhost:4100/user_profile/ava';

  it('puts the scenario in the page address, replacing one already there', () => {
    expect(reproLinkFor(`${page}?show=true&scenario=captcha-fail`, 'slow', 5000)).toBe(
      `${page}?show=true&scenario=slow&delayMs=5000`,
    );
    expect(reproLinkFor(`${page}?delayMs=1&ttlMinutes=5`, 'intent-error', 5000)).toBe(
      `${page}?scenario=intent-error`,
    );
  });

  it('keeps the delay of webhook-delayed too', () => {
    expect(reproLinkFor('http://localhost:4100/', 'webhook-delayed', 2000)).toBe(
      'http://localhost:4100/?scenario=webhook-delayed&delayMs=2000',
    );
  });

  it('without a scenario, is the address with none', () => {
    expect(reproLinkFor('http://localhost:4100/?scenario=slow&delayMs=9', null)).toBe(
      'http://localhost:4100/',
    );
  });
});
