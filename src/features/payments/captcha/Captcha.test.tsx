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

it('passes the captcha with the keyboard and hands over a token the API accepts once', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn<void, [string | null]>();
  render(<Captcha onChange={onChange} />);

  const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
  expect(checkbox).not.toBeChecked();
  await user.tab();
  expect(checkbox).toHaveFocus();
  await user.keyboard(' ');

  await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  const token = onChange.mock.calls[0]?.[0];
  expect(token).toEqual(expect.any(String));
  expect(checkbox).toBeChecked();
  expect(await siteverify(token as string)).toMatchObject({ success: true });
  expect(await siteverify(token as string)).toMatchObject({ success: false });

  // The global was there, so react-async-script never asked Google for its script.
  // eslint-disable-next-line testing-library/no-node-access -- script tags are not UI
  const scripts = Array.from(document.querySelectorAll('script'), (script) => script.src);
  expect(scripts.filter((src) => src.includes('google'))).toEqual([]);
});

it('takes the token back when it expires, and says so', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onChange = jest.fn<void, [string | null]>();
  render(<Captcha onChange={onChange} />);

  const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
  await user.click(checkbox);
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.any(String)));

  act(() => jest.advanceTimersByTime(TOKEN_TTL_MS));
  expect(onChange).toHaveBeenLastCalledWith(null);
  expect(checkbox).not.toBeChecked();
  expect(screen.getByRole('status')).toHaveTextContent(
    'Verification expired. Check the checkbox again.',
  );
});
