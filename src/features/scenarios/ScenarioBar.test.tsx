// The demo tools against the real mock API, as a tester's browser meets them.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeTestStore, renderWithProviders } from '../../testing/renderWithProviders';
import {
  browseAsTester,
  jsonPost,
  startMockApi,
  type RunningMockApi,
} from '../../../mock-api/testing';
import { ScenarioBar } from './ScenarioBar';

let api: RunningMockApi;
let stopBrowsing: () => void;

beforeAll(async () => {
  api = await startMockApi();
  // The app's calls carry this file's tester, as a tester's browser carries its cookie.
  stopBrowsing = browseAsTester(api);
});

afterEach(() => turnOff());

afterAll(() => {
  stopBrowsing();
  return api.close();
});

type Scenario = { active: string | null; expiresAt: string | null; delayMs?: number };
async function activeScenario(): Promise<Scenario> {
  return ((await (await api.request('__scenarios')).json()) as { data: Scenario }).data;
}
const turnOff = () => api.request('__scenarios', jsonPost({ name: null }));
const banner = () => screen.getByRole('region', { name: 'Test scenario' });
const noBanner = () =>
  expect(screen.queryByRole('region', { name: 'Test scenario' })).not.toBeInTheDocument();
/** Waits for the banner to say `text`: its answer may land a step after the page's. */
const bannerSays = (text: RegExp) => waitFor(() => expect(banner()).toHaveTextContent(text));
const demoTools = () => screen.getByRole('button', { name: 'Test scenarios' });

describe('a repro link', () => {
  it('opens the panel with what it would turn on, and changes nothing until asked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ScenarioBar />, {
      api,
      route: '/user_profile/ava-martinez?scenario=captcha-fail&ttlMinutes=45',
    });

    const offer = await screen.findByRole('region', { name: 'Repro link' });
    expect(demoTools()).toHaveAttribute('aria-expanded', 'true');
    expect(offer).toHaveTextContent(
      /This link would turn on captcha-fail, for 45 minutes for this browser: Captcha verification fails/,
    );
    expect(offer).toHaveTextContent('Nothing changes until you turn it on.');
    // Nothing on until pressed, then the banner and the focus: e2e/scenarios.spec.ts's repro link.
    await user.click(
      within(offer).getByRole('button', { name: 'Turn on captcha-fail for this browser' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Repro link' })).not.toBeInTheDocument(),
    );
    const state = await activeScenario();
    // The link's duration, not the mock API's default of 30 minutes.
    const minutesLeft = (Date.parse(state.expiresAt!) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(30);
    expect(minutesLeft).toBeLessThanOrEqual(45);
  });

  it('names an unknown scenario and offers nothing to turn on', async () => {
    renderWithProviders(<ScenarioBar />, { api, route: '/?scenario=fast' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link asks for an unknown scenario: fast.',
    );
    expect(screen.queryByRole('button', { name: /^Turn on/ })).not.toBeInTheDocument();
  });

  it('is rendered closed on the server, so the page hydrates without a mismatch', async () => {
    const route = '/user_profile/ava-martinez?scenario=slow&delayMs=5000';
    const tree = () => (
      <Provider store={makeTestStore(api)}>
        <MemoryRouter initialEntries={[route]}>
          <ScenarioBar />
        </MemoryRouter>
      </Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree());
    document.body.append(container);
    expect(demoTools()).toHaveAttribute('aria-expanded', 'false');
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, tree(), { onRecoverableError: (error) => mismatches.push(error) }),
    );
    try {
      // Opened once hydrated, with the link's delay.
      expect(
        await within(container).findByText(
          /This link would turn on slow \(5000 ms\) for this browser/,
        ),
      ).toBeInTheDocument();
      expect(mismatches).toEqual([]);
      expect((await activeScenario()).active).toBeNull();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });
});

describe('the demo panel', () => {
  it('copies a repro link with the delay', async () => {
    const user = userEvent.setup();
    // What is written to user-event's clipboard stub (its readText fails on jsdom's Blob).
    const written = jest.spyOn(navigator.clipboard, 'writeText');
    // The link is made from the page's own address, as the browser has it.
    window.history.pushState({}, '', '/user_profile/ava-martinez');
    try {
      renderWithProviders(<ScenarioBar />, { api, route: '/user_profile/ava-martinez' });
      await user.click(screen.getByRole('button', { name: 'Test scenarios' }));
      const delay = await screen.findByLabelText('Delay in ms (slow, webhook-delayed)');
      await user.clear(delay);
      await user.type(delay, '5000');
      await user.click(
        within(screen.getByRole('group', { name: 'Payment scenario' })).getByRole('radio', {
          name: /^slow/,
        }),
      );
      expect(
        await screen.findByText(/^This browser's scenario: slow \(5000 ms\), until/),
      ).toBeInTheDocument();
      // The banner (shown once the page is idle) settles too: no answer may land outside act.
      await bannerSays(/^Test scenario active: slow \(5000 ms\)/);
      await user.click(screen.getByRole('button', { name: 'Copy repro link' }));
      expect(await screen.findByText('Repro link copied.')).toBeInTheDocument();
      expect(written).toHaveBeenCalledTimes(1);
      expect(written.mock.calls[0]![0]).toMatch(
        /\/user_profile\/ava-martinez\?scenario=slow&delayMs=5000$/,
      );
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('the banner', () => {
  it('says so when Turn off has cleared the scenario', async () => {
    const user = userEvent.setup();
    await api.request('__scenarios', jsonPost({ name: 'slow', delayMs: 4000 }));
    renderWithProviders(<ScenarioBar />, { api, route: '/user_profile/nadia-okafor' });

    await bannerSays(
      /^Test scenario active: slow \(4000 ms\) — The payment intent calls answer after a delay/,
    );
    await user.click(within(banner()).getByRole('button', { name: 'Turn off' }));
    await waitFor(noBanner);
    expect(screen.getByRole('status')).toHaveTextContent('Test scenario turned off.');
  });
});
