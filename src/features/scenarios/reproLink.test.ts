import { changeFor, readReproLink, reproLinkFor } from './reproLink';

describe('readReproLink', () => {
  it('reads the scenario and, when it is a whole number, its delay', () => {
    expect(readReproLink('?scenario=slow&delayMs=5000')).toEqual({ name: 'slow', delayMs: 5000 });
    expect(readReproLink('?show=true&scenario=intent-error')).toEqual({ name: 'intent-error' });
    expect(readReproLink('?scenario=slow&delayMs=soon')).toEqual({ name: 'slow' });
    expect(readReproLink('?scenario=slow&delayMs=-5')).toEqual({ name: 'slow' });
  });

  it('reads how long the scenario lasts, when it is a whole number of minutes', () => {
    expect(readReproLink('?scenario=captcha-fail&ttlMinutes=60')).toEqual({
      name: 'captcha-fail',
      ttlMinutes: 60,
    });
    expect(readReproLink('?scenario=captcha-fail&ttlMinutes=1.5')).toEqual({
      name: 'captcha-fail',
    });
  });

  it('is null when the address asks for no scenario', () => {
    expect(readReproLink('')).toBeNull();
    expect(readReproLink('?scenario=')).toBeNull();
    expect(readReproLink('?delayMs=100')).toBeNull();
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
  it('puts the scenario in the page address, replacing one already there', () => {
    expect(
      reproLinkFor(
        'http://localhost:4100/user_profile/ava?show=true&scenario=captcha-fail',
        'slow',
        5000,
      ),
    ).toBe('http://localhost:4100/user_profile/ava?show=true&scenario=slow&delayMs=5000');
    expect(
      reproLinkFor(
        'http://localhost:4100/user_profile/ava?delayMs=1&ttlMinutes=5',
        'intent-error',
        5000,
      ),
    ).toBe('http://localhost:4100/user_profile/ava?scenario=intent-error');
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
