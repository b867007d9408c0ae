// The review form and flow as GiveFlow composes them (with the payment feature's gift part).
import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GratitudeIcon, UserDetails } from '../../api/contract/types';
import type { AppStore } from '../store';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import { runEmulatorScript, setEmulatorBuildConfig } from '../../testing/emulatedPage';
import GiveFlow, { reviewGiftFor } from './GiveFlow';
import { useLocation } from 'react-router-dom';
import { useFlowAddress } from '../../lib/useFlowAddress';
import { flowName } from '../../config/flowAddress';
import type { FlowKind } from '../../api/contract/kinds';
import { ReviewForm, type ReviewDraft } from '../../features/gratitude/ReviewForm';
import { UNSETTLED_SEND_NOTE } from '../../config/messages';

// jsdom has no canvas: the picked file is the prepared photo (e2e/photos.spec.ts checks that).
jest.mock('../../features/gratitude/media/preparePhoto', () => ({
  preparePhoto: (file: File) => Promise.resolve(file),
}));

const PLACEHOLDER = "If you'd like, use this space to give some words of thanks.";
const LOST_CONNECTION = 'Something went wrong. Please try again.';
const GUEST = { userId: '', fullName: 'Jo Doe', email: 'jo@example.com' };

let api: RunningMockApi;
let consoleError: jest.SpyInstance;

beforeAll(async () => {
  // Uploads use XMLHttpRequest, which jsdom sends cross-origin like a browser does.
  api = await startMockApi({ allowedOrigins: [window.location.origin] });
  GUEST.userId = (await api.createGuest(GUEST.fullName, GUEST.email)).userId;
  setEmulatorBuildConfig(api);
  await runEmulatorScript(api, '/__recaptcha/api.js');
  // loadStripe takes the window.Stripe a page already has: the mock API's emulator.
  await runEmulatorScript(api, '/__stripe/stripe.js');
});

afterAll(() => api.close());

// jsdom cannot navigate: `location.assign` logs this instead (the browser specs check the address).
const NAVIGATION_ATTEMPT = /Not implemented: navigation/;
const navigations = () =>
  consoleError.mock.calls.filter((call) => NAVIGATION_ATTEMPT.test(String(call[0])));

// jsdom's XMLHttpRequest cannot send Node's FormData: this stand-in sends it with Node's fetch,
// reporting 42% sent, then waiting for `uploadGate` (so a test can see the progress bar).
let uploadGate: Promise<void> = Promise.resolve();
/** When set, the next request reaches the API but its answer is lost (as on a dropped connection). */
let loseNextAnswer = false;

class FetchXhr {
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private request: RequestInit & { url?: string; headers: Record<string, string> } = {
    headers: {},
  };

  /** Parsed JSON for responseType 'json' (the captcha emulator asks for it). */
  get response(): unknown {
    if (this.responseType !== 'json') return this.responseText;
    try {
      return JSON.parse(this.responseText) as unknown;
    } catch {
      return null;
    }
  }

  open(method: string, url: string) {
    Object.assign(this.request, { method, url });
  }

  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }

  abort() {
    this.onabort?.();
  }

  send(body: FormData) {
    void (async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 });
      await uploadGate;
      try {
        const { url = '', ...init } = this.request;
        const response = await fetch(url, { ...init, body });
        if (loseNextAnswer) {
          loseNextAnswer = false;
          this.onerror?.();
          return;
        }
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}

beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // This environment's URL is Node's, which takes only Node's own Blobs.
  let previews = 0;
  jest.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${(previews += 1)}`);
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  jest
    .spyOn(window, 'XMLHttpRequest')
    .mockImplementation(() => new FetchXhr() as unknown as XMLHttpRequest);
  uploadGate = Promise.resolve();
  loseNextAnswer = false;
});

afterEach(() => jest.restoreAllMocks());

const profileOf = (id: string): UserDetails => {
  const user = api.store.db.users.find((candidate) => candidate._id === id);
  if (!user) throw new Error(`No seed user ${id}`);
  return user as unknown as UserDetails;
};

function renderReview(
  {
    profileId = 'ava-martinez',
    icon = 'RECOGNITION' as GratitudeIcon,
    guest = GUEST,
  }: { profileId?: string; icon?: GratitudeIcon; guest?: typeof GUEST } = {},
  running: RunningMockApi = api,
) {
  const draft: ReviewDraft = { icon, sayThanks: '', media: [] };
  const profile = profileOf(profileId);
  renderWithProviders(
    <ReviewForm
      profile={profile}
      guest={guest}
      draft={draft}
      onDraftChange={jest.fn()}
      renderGift={reviewGiftFor(profile)}
    />,
    { api: running },
  );
  return { user: userEvent.setup({ applyAccept: false }) };
}

/** An API that has stopped: every request fails as on a lost connection. */
async function stoppedApi() {
  const stopped = await startMockApi({ allowedOrigins: [window.location.origin] });
  await stopped.close();
  return stopped;
}

const sayThanks = () => screen.getByLabelText('Say thanks');
const submit = () => screen.getByRole('button', { name: 'Submit' });
const picker = () => screen.getByLabelText('Attach photos or a video');
/** The attach control's alert: it comes before the form's own (server errors). */
const expectPickerAlert = (message: string) =>
  waitFor(() => expect(screen.getAllByRole('alert')[0]).toHaveTextContent(message));

/** Node's File, which this environment's FormData (Node's) can send; jsdom's it cannot. */
const file = (bytes: Uint8Array, name: string, type: string) =>
  new NodeFile([bytes], name, { type }) as unknown as File;
const png = (name: string, kilobytes = 30) =>
  file(new Uint8Array(kilobytes * 1024), name, 'image/png');
/** Real PNG bytes: the API checks what a file is by its content. */
const seedPng = (name: string) =>
  file(
    new Uint8Array(readFileSync(path.join(__dirname, '../../../mock-api/seed/media', name))),
    name,
    'image/png',
  );

const feedOf = (profileId: string) => api.store.db.feed.filter((item) => item.userId === profileId);

describe('ReviewForm', () => {
  it('offers the four kinds, preselects the chosen one and titles the review after it', () => {
    renderReview({ icon: 'CELEBRATION' });
    const kinds = screen.getByRole('group', { name: 'Kind of thanks' });
    expect(within(kinds).getAllByRole('radio')).toEqual(
      ['Recognition', 'Appreciation', 'Celebration', 'Gratitude'].map((name) =>
        screen.getByRole('radio', { name }),
      ),
    );
    expect(screen.getByRole('radio', { name: 'Celebration' })).toBeChecked();
    const title = screen.getByLabelText('Review Title');
    expect(title).toHaveValue('Jo Doe celebrated ava.martinez');
    // Another kind, another title: e2e/keyboard.spec.ts, e2e/drafts.spec.ts.
    expect(title).toHaveAttribute('readonly');
  });

  it('keeps Submit disabled until there is text not only spaces; counts it, stops at 250 and says so', async () => {
    const { user } = renderReview();
    expect(sayThanks()).toHaveAttribute('placeholder', PLACEHOLDER);
    expect(screen.getByText('0/250')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(sayThanks(), '   ');
    expect(submit()).toBeDisabled();
    await user.type(sayThanks(), 'Thanks');
    expect(submit()).toBeEnabled();
    await user.clear(sayThanks());
    expect(submit()).toBeDisabled();
    await user.type(sayThanks(), 'Thank you!');
    expect(sayThanks()).toHaveAccessibleDescription('10/250');
    await user.clear(sayThanks());
    await user.click(sayThanks());
    await user.paste('a'.repeat(250));
    await user.keyboard('b');
    expect(sayThanks()).toHaveValue('a'.repeat(250));
    expect(screen.getByText('250/250')).toBeInTheDocument();
    const said = '1 character was left out: Say thanks takes up to 250 characters.';
    expect(screen.getByText(said)).toHaveAttribute('aria-live', 'polite');
    expect(sayThanks()).toHaveAccessibleDescription(`250/250 ${said}`);
    // The next edit that fits clears the note.
    await user.keyboard('{Backspace}');
    expect(screen.queryByText(/left out/)).not.toBeInTheDocument();
  });

  it('offers Add Donation to a non-profit, and sends the review with it (donated to)', async () => {
    const { user } = renderReview({ profileId: 'green-earth-fund' });
    const addDonation = screen.getByRole('button', { name: 'Add Donation' });
    expect(addDonation).toHaveAttribute('type', 'button');
    expect(screen.queryByRole('button', { name: 'Add Gift' })).not.toBeInTheDocument();
    const text = `With a donation ${Date.now()}`;
    await user.type(sayThanks(), text);
    await user.click(addDonation);
    const section = screen.getByRole('region', { name: 'Your donation' });
    await user.click(within(section).getByRole('button', { name: '$20' }));
    await user.click(await within(section).findByRole('checkbox', { name: "I'm not a robot" }));
    await user.click(
      await within(section).findByRole('button', { name: /Donate via Debit\/Credit Card/ }),
    );
    expect(await within(section).findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();

    const pending = api.store.db.pendingGratitudes?.find((p) => p.record.sayThanks === text);
    expect(pending).toBeDefined();
    const payment = api.store.db.payments?.find((p) => p.intentId === pending?.intentId);
    expect(payment).toMatchObject({
      endpoint: 'payment/payment-intent-for-both',
      amountCents: 2000,
      metadata: { title: `${GUEST.fullName} donated to greenearthfund` },
    });
  });

  describe('attaching media', () => {
    it('shows the hint, previews an image, enables Submit, and removes it again', async () => {
      const { user } = renderReview();
      expect(picker()).toHaveAccessibleDescription('Note :- Add up to 5 images or 1 video.');
      await user.upload(picker(), png('a.png'));
      const attached = await screen.findByRole('list', { name: 'Attached media' });
      const preview = within(attached).getByRole('img', { name: 'a.png' });
      expect(preview).toHaveAttribute('src', 'blob:preview-1');
      expect(submit()).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
      expect(screen.queryByRole('list', { name: 'Attached media' })).not.toBeInTheDocument();
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
      expect(submit()).toBeDisabled();
    });

    it('refuses an image under 25 KB', async () => {
      const { user } = renderReview();
      await user.upload(picker(), [png('small.png', 10), png('ok.png')]);
      await expectPickerAlert(
        'Some images were not uploaded due to size restrictions (25KB to 5mb).',
      );
      expect(screen.getByRole('img', { name: 'ok.png' })).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: 'small.png' })).not.toBeInTheDocument();
    });

    it('refuses a gif', async () => {
      const { user } = renderReview();
      await user.upload(picker(), file(new Uint8Array(30 * 1024), 'a.gif', 'image/gif'));
      await expectPickerAlert('Unsupported file format.');
      expect(submit()).toBeDisabled();
    });
  });

  describe('sending', () => {
    it('sends a text-only recognition, stores it and goes to the profile with show=true', async () => {
      const { user } = renderReview({ icon: 'GRATITUDE' });
      await user.type(sayThanks(), '  Thanks for the latte art!  ');
      await user.click(submit());
      await waitFor(() => expect(navigations()).toHaveLength(1));
      const stored = feedOf('ava-martinez').find(
        (item) => item.title === 'Jo Doe thanked ava.martinez',
      );
      expect(stored).toEqual(
        expect.objectContaining({
          gratitudeType: 'REVIEW',
          icon: 'GRATITUDE',
          sayThanks: 'Thanks for the latte art!',
          media: [],
        }),
      );
      expect(submit()).toBeDisabled();
    });

    it('after a lost answer offers only Submit, and Add Gift again once the words change', async () => {
      const { user } = renderReview({ profileId: 'bluebird-cafe' });
      await user.type(sayThanks(), 'Lost, then changed');
      loseNextAnswer = true;
      await user.click(submit());
      expect(await screen.findByText(LOST_CONNECTION)).toHaveAttribute('role', 'alert');
      expect(sayThanks()).toHaveValue('Lost, then changed');
      // It may be published already (a tip would be a second one): only Submit, till words change.
      expect(screen.getByText(UNSETTLED_SEND_NOTE)).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Add Gift' })).not.toBeInTheDocument();
      await user.type(sayThanks(), '!');
      expect(screen.getByRole('button', { name: 'Add Gift' })).toBeEnabled();
      await user.type(sayThanks(), '{Backspace}');
      expect(screen.queryByRole('button', { name: 'Add Gift' })).not.toBeInTheDocument();
    });

    it('sends real image bytes with the text, showing the upload progress', async () => {
      const { user } = renderReview({ profileId: 'sam-lee', icon: 'APPRECIATION' });
      await user.upload(picker(), seedPng('ava-gallery-04.png'));
      await screen.findByRole('img', { name: 'ava-gallery-04.png' });
      let release = () => undefined as void;
      uploadGate = new Promise((resolve) => {
        release = resolve;
      });
      await user.click(submit());
      const progress = await screen.findByRole('progressbar', { name: 'Uploading' });
      expect(progress).toHaveAttribute('value', '42');
      expect(screen.getByText('42%')).toBeVisible();
      expect(submit()).toBeDisabled();
      release();
      // Stored with its image and counted: the Firefox and WebKit recognition journeys.
      await waitFor(() => expect(navigations()).toHaveLength(1));
    });

    it("shows the server's message and keeps everything when the API refuses", async () => {
      const { user } = renderReview({ guest: { ...GUEST, email: 'not an email' } });
      await user.type(sayThanks(), 'Thanks!');
      await user.click(submit());
      const alert = await screen.findByText('email is not a valid address.');
      expect(alert).toHaveAttribute('role', 'alert');
      expect(sayThanks()).toHaveValue('Thanks!');
      expect(submit()).toBeEnabled();
      expect(navigations()).toHaveLength(0);
    });

    it('keeps the text and the files and lets the guest try again when the API is gone', async () => {
      const { user } = renderReview({}, await stoppedApi());
      await user.type(sayThanks(), 'Thanks!');
      await user.upload(picker(), png('a.png'));
      await screen.findByRole('img', { name: 'a.png' });
      await user.click(submit());
      expect(await screen.findByText(LOST_CONNECTION)).toBeInTheDocument();
      expect(sayThanks()).toHaveValue('Thanks!');
      expect(screen.getByRole('img', { name: 'a.png' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Recognition' })).toBeChecked();
      expect(submit()).toBeEnabled();
      expect(navigations()).toHaveLength(0);
    });
  });
});

/** The flow where the profile page shows it: open while the address says so. */
function FlowAtAddress({ profile }: { profile: UserDetails }) {
  const { address } = useFlowAddress();
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      {address && <GiveFlow key={address.kind} kind={address.kind} profile={profile} />}
    </>
  );
}

/** Renders `kind`'s flow on `profileId`'s profile, opened at the guest step. */
const renderFlow = (kind: FlowKind, profileId: string, api: RunningMockApi, step = 'guest') =>
  renderWithProviders(<FlowAtAddress profile={profileOf(profileId)} />, {
    api,
    route: `/user_profile/${profileId}?flow=${flowName(kind)}&step=${step}`,
  });

const address = () => screen.getByRole('status', { name: 'address' });
/** Fills in the guest step as Jo Doe and goes on. */
async function enterGuest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Jo Doe');
  await user.type(screen.getByLabelText('Email'), 'jo@example.com');
  await user.click(submit());
}
const expectGuestKept = () => {
  expect(screen.getByLabelText('Full Name')).toHaveValue('Jo Doe');
  expect(screen.getByLabelText('Email')).toHaveValue('jo@example.com');
};

describe('GratitudeFlow, as GiveFlow composes it', () => {
  const clicksOn = (profileId: string) =>
    api.store.db.profileClicks.filter((click) => click.userProfileId === profileId).length;
  /** The profile click is recorded in the background: no request may outlive its test. */
  const noRequestInFlight = (store: AppStore) =>
    waitFor(() =>
      expect(
        Object.values(store.getState().api.mutations).filter(
          (mutation) => mutation?.status === 'pending',
        ),
      ).toHaveLength(0),
    );

  it('goes from the details to the review and back, keeping what was entered', async () => {
    const user = userEvent.setup();
    const clicksBefore = clicksOn('ava-martinez');
    // Each step's heading focused: e2e/keyboard.spec.ts.
    const { store } = renderFlow('APPRECIATION', 'ava-martinez', api);
    await enterGuest(user);

    expect(await screen.findByLabelText('Review Title')).toHaveValue(
      'Jo Doe appreciated ava.martinez',
    );
    await user.click(screen.getByRole('radio', { name: 'Celebration' }));
    await user.type(sayThanks(), 'Great coffee');
    await user.upload(picker(), png('a.png'));
    await screen.findByRole('img', { name: 'a.png' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expectGuestKept();
    await user.click(submit());

    expect(await screen.findByLabelText('Review Title')).toHaveValue(
      'Jo Doe celebrated ava.martinez',
    );
    expect(screen.getByRole('radio', { name: 'Celebration' })).toBeChecked();
    expect(sayThanks()).toHaveValue('Great coffee');
    expect(screen.getByRole('img', { name: 'a.png' })).toBeInTheDocument();
    await waitFor(() => expect(clicksOn('ava-martinez')).toBe(clicksBefore + 2));
    await noRequestInFlight(store);
  });

  it('a send whose answer was lost keeps its kind in another flow, which offers only that send', async () => {
    const user = userEvent.setup();
    const view = renderFlow('RECOGNITION', 'bluebird-cafe', api);
    await enterGuest(user);
    await user.type(await screen.findByLabelText('Say thanks'), 'Lost, then celebrated');
    loseNextAnswer = true;
    await user.click(submit());
    expect(await screen.findByText(LOST_CONNECTION)).toBeInTheDocument();
    await noRequestInFlight(view.store);
    view.unmount();

    // Celebrate with the same words would be a second review: the draft keeps the sent kind.
    const { store } = renderFlow('CELEBRATION', 'bluebird-cafe', api, 'review');
    expect(await screen.findByLabelText('Say thanks')).toHaveValue('Lost, then celebrated');
    expect(screen.getByRole('radio', { name: 'Recognition' })).toBeChecked();
    expect(screen.getByText(UNSETTLED_SEND_NOTE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add Gift' })).not.toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(address()).toHaveTextContent('?show=true'));
    expect(feedOf('bluebird-cafe').filter((i) => i.sayThanks === 'Lost, then celebrated')).toEqual([
      expect.objectContaining({ icon: 'RECOGNITION' }),
    ]);
    await noRequestInFlight(store);
  });

  it('shows the review at once; a failed lookup says so, keeps everything and tries again', async () => {
    const user = userEvent.setup();
    renderFlow('RECOGNITION', 'ava-martinez', await stoppedApi());
    await enterGuest(user);
    expect(await screen.findByLabelText('Review Title')).toHaveValue(
      'Jo Doe recognized ava.martinez',
    );
    await user.type(sayThanks(), 'Thanks!');
    const lookupAlert = () =>
      screen.findByText(/Something went wrong\. Please try again\./, {
        selector: '.gratitude-flow__lookup',
      });
    expect(await lookupAlert()).toHaveAttribute('role', 'alert');
    // Nothing is sent without the guest's id.
    expect(submit()).toBeDisabled();
    expect(sayThanks()).toHaveValue('Thanks!');
    await user.click(screen.getByRole('button', { name: 'Try again to look up your details' }));
    expect(await lookupAlert()).toBeInTheDocument();
    expect(sayThanks()).toHaveValue('Thanks!');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expectGuestKept();
  });
});
