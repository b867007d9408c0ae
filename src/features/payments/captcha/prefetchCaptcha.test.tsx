import { render } from '@testing-library/react';

// No emulator here and no grecaptcha global: the widget asks for Google's script itself, as on a
// live page before its script has come (jsdom does not fetch it).
it('preloads, once, exactly the script the widget then asks for', async () => {
  const { Captcha, prefetchCaptcha } = await import('./Captcha');
  const preloads = () =>
    // eslint-disable-next-line testing-library/no-node-access -- link tags are not UI
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'));
  prefetchCaptcha();
  prefetchCaptcha();
  expect(preloads().map((link) => link.href)).toHaveLength(1);

  expect('grecaptcha' in window).toBe(false);
  render(<Captcha onChange={() => {}} />);
  // eslint-disable-next-line testing-library/no-node-access -- script tags are not UI
  const scripts = Array.from(document.querySelectorAll('script'), (script) => script.src);
  expect(scripts).toEqual([preloads()[0]!.href]);
});
