import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startMockApi, type RunningMockApi } from '../../../../mock-api/testing';
import { runEmulatorScript, setEmulatorBuildConfig } from '@/testing/emulatedPage';
import { TOKEN_TTL_MS } from '../../../../mock-api/emulators/recaptcha';
import { Captcha } from './Captcha';

// The real react-google-recaptcha against the mock API's reCAPTCHA emulator, its script run here.
let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
  setEmulatorBuildConfig(api);
  await runEmulatorScript(api, '/__recaptcha/api.js');
});

afterAll(() => api.close());

afterEach(() => {
  jest.useRealTimers();
});

const siteverify = async (token: string) => {
  const response = await fetch(`${api.origin}/__recaptcha/siteverify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: 'emulator-secret', response: token }).toString(),
  });
  return (await response.json()) as { success: boolean };
};

it('passes with the keyboard, hands over a token the API accepts once, and takes it back when it expires', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onChange = jest.fn<void, [string | null]>();
  render(<Captcha onChange={onChange} />);

  // The box ticked, and unticked with the widget's words on expiry: e2e/captcha.spec.ts.
  const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
  await user.tab();
  expect(checkbox).toHaveFocus();
  await user.keyboard(' ');

  await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  const token = onChange.mock.calls[0]?.[0];
  expect(token).toEqual(expect.any(String));
  expect(await siteverify(token as string)).toMatchObject({ success: true });
  expect(await siteverify(token as string)).toMatchObject({ success: false });

  // The global was there, so react-async-script never asked Google for its script.
  // eslint-disable-next-line testing-library/no-node-access -- script tags are not UI
  const scripts = Array.from(document.querySelectorAll('script'), (script) => script.src);
  expect(scripts.filter((src) => src.includes('google'))).toEqual([]);

  act(() => jest.advanceTimersByTime(TOKEN_TTL_MS));
  expect(onChange).toHaveBeenLastCalledWith(null);
});
