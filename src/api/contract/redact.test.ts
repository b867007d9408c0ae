import { REDACTED, isSecretParam, redactUrl } from './redact';

describe('redactUrl', () => {
  it("hides Stripe's client secret and keeps the rest of the return address", () => {
    const url =
      '/user_profile/ava?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=succeeded';
    const redacted = redactUrl(url);
    expect(redacted).not.toContain('pi_123_secret_abc');
    expect(redacted).toBe(
      `/user_profile/ava?payment_intent=pi_123&payment_intent_client_secret=${REDACTED}&redirect_status=succeeded`,
    );
  });

  it.each([
    'payment_intent_client_secret',
    'setup_intent_client_secret',
    'client_secret',
    'token',
    'access_token',
    'key',
    'api_key',
    'secret',
    'password',
    'code',
    'auth',
    'Authorization',
    'AUTH_TOKEN',
    'Client%5Fsecret',
  ])('hides the value of %s', (name) => {
    expect(isSecretParam(name)).toBe(true);
    expect(redactUrl(`https://grati.example/p?${name}=hunter2&a=1#top`)).toBe(
      `https://grati.example/p?${name}=${REDACTED}&a=1#top`,
    );
  });

  it.each(['redirect_status', 'payment_intent', 'keyboard', 'zipcode', 'lang'])(
    'keeps %s',
    (name) => {
      expect(isSecretParam(name)).toBe(false);
      expect(redactUrl(`/p?${name}=x`)).toBe(`/p?${name}=x`);
    },
  );

  it('hides every occurrence of a repeated secret', () => {
    expect(redactUrl('/p?token=a&token=b&flag')).toBe(
      `/p?token=${REDACTED}&token=${REDACTED}&flag`,
    );
  });

  it.each([
    ['/_img?url=/media/x.png%3Fsig%3Dabc&w=256', `/_img?url=/media/x.png%3F${REDACTED}&w=256`],
    ['/_img?url=%2Fmedia%2Fx.png%3Fv%3D1&w=48', `/_img?url=%2Fmedia%2Fx.png%3F${REDACTED}&w=48`],
    [
      '/_img?url=https%3A%2F%2Fcdn.example%2Fa.jpg%3Ftoken%3Dt0k%26e%3D9&w=640',
      `/_img?url=https%3A%2F%2Fcdn.example%2Fa.jpg%3F${REDACTED}&w=640`,
    ],
    ['/_img?url=/media/x.png?sig=abc&w=256', `/_img?url=/media/x.png?${REDACTED}&w=256`],
    [
      '/_img?url=https://cdn.example/a.jpg%3fX-Amz-Signature=s',
      `/_img?url=https://cdn.example/a.jpg%3f${REDACTED}`,
    ],
  ])("hides the query of an address given as a parameter's value (%s)", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/user_profile/ava',
    '/p?',
    '/_img?url=%2Fmedia%2Fseed%2Fa.jpg&w=256',
    '/search?q=why%3F&next=later',
  ])('leaves %s, with no query nor an address with one, as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
