// A captcha that could not load comes back by itself when the connection does (issue 52). A file
// of its own: the adapter keeps a loaded script for the page's life; the test plays each load.
import { act, render, screen } from '@testing-library/react';
import { allowConsoleError } from '../../../../jest/consoleGuard';
import { startMockApi, type RunningMockApi } from '../../../../mock-api/testing';
import { runEmulatorScript, setEmulatorBuildConfig } from '@/testing/emulatedPage';
import { CAPTCHA_SCRIPT_URL, Captcha } from './Captcha';
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

it('comes back by itself when the connection does, with no Try again pressed', async () => {
  allowConsoleError(/The captcha could not be loaded/);
  jest.useFakeTimers({ advanceTimers: true });
  render(<Captcha onChange={() => {}} />);
  await fail(captchaScripts()[0]);
  await act(() => jest.advanceTimersByTimeAsync(RETRY_DELAY_MS));
  await fail(captchaScripts()[0]);
  expect(await screen.findByRole('alert')).toHaveTextContent('The captcha could not be loaded.');

  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(captchaScripts()).toHaveLength(1);
  await act(() => runEmulatorScript(api, '/__recaptcha/api.js?onload=onloadcallback'));
  expect(
    await screen.findByRole('checkbox', { name: "I'm not a robot" }, { timeout: 5000 }),
  ).not.toBeChecked();
});
