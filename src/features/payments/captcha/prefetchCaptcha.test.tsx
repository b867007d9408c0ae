// The captcha's script, loaded by the adapter. jsdom loads no script, so the test plays each
// load's outcome (the script's error event, or the emulator's script run as the page would).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowConsoleError } from '../../../../jest/consoleGuard';
import { startMockApi, type RunningMockApi } from '../../../../mock-api/testing';
import { runEmulatorScript, setEmulatorBuildConfig } from '@/testing/emulatedPage';
import { CAPTCHA_SCRIPT_URL, Captcha, prefetchCaptcha } from './Captcha';
import { RETRY_DELAY_MS } from '@/loading/lazyModule';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
  setEmulatorBuildConfig(api);
});

afterAll(() => api.close());

afterEach(() => jest.useRealTimers());

/* eslint-disable testing-library/no-node-access -- script tags are not UI */
const captchaScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter(
    (script) => script.src === CAPTCHA_SCRIPT_URL,
  );
/* eslint-enable testing-library/no-node-access */
const fail = (script: HTMLScriptElement | undefined) =>
  act(() => {
    script?.dispatchEvent(new Event('error'));
  });

it('asks again once for a dropped script, says so after a second failure, and Try again shows the widget', async () => {
  allowConsoleError(/The captcha could not be loaded/);
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  // A tip's details step asks for it ahead; the widget then shares that load.
  prefetchCaptcha();
  render(<Captcha onChange={() => {}} />);
  expect(captchaScripts()).toHaveLength(1);

  await fail(captchaScripts()[0]);
  expect(captchaScripts()).toHaveLength(0);
  await act(() => jest.advanceTimersByTimeAsync(RETRY_DELAY_MS));
  expect(captchaScripts()).toHaveLength(1);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  await fail(captchaScripts()[0]);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'The captcha could not be loaded. Check your connection and try again.',
  );

  await user.click(screen.getByRole('button', { name: 'Try again to load the captcha' }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(captchaScripts()).toHaveLength(1);
  // This time the script comes: the emulator's, as the page shell sends Google's URL to it.
  await act(() => runEmulatorScript(api, '/__recaptcha/api.js?onload=onloadcallback'));
  expect(
    await screen.findByRole('checkbox', { name: "I'm not a robot" }, { timeout: 5000 }),
  ).not.toBeChecked();
});
