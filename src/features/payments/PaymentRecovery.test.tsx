// A payment the draft started earlier, with Stripe's answers chosen by the test (the emulator never
// leaves an intent `processing`): what the guest is told and offered, and what becomes of the draft.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { readFlowDraft } from '../../lib/flowDraft';
import { openFlowDraft, saveFlowDraft, startFreshDraft } from '../../lib/flowDraftWork';
import { keepDraftPayment, markDraftConfirming } from '../../lib/draftOutcome';
import { PAYMENT_MESSAGES } from './paymentMessages';
import { PROCESSING_POLL_MS, PaymentRecovery } from './PaymentRecovery';
import { checkPayment, resumePayment, type PaymentCheck } from './stripe/stripe';
import { SUCCESS_REDIRECT_DELAY_MS } from '../../config/delays';

jest.mock('./stripe/stripe', () => ({ checkPayment: jest.fn(), resumePayment: jest.fn() }));
const check = jest.mocked(checkPayment);
const resume = jest.mocked(resumePayment);

const PROFILE = { _id: 'ava-martinez', userName: 'ava.martinez' };
const SECRET = 'pi_123_secret_456';
const answer = (status: PaymentCheck['status'], lastAttemptFailed = false): PaymentCheck => ({
  status,
  lastAttemptFailed,
});

function Address() {
  const { pathname, search } = useLocation();
  return <p>Address: {pathname + search}</p>;
}

/** A draft of this page with an intent; `confirming`: Pay Now had been pressed. */
function draftWithIntent(confirming: boolean) {
  startFreshDraft(PROFILE._id);
  openFlowDraft(PROFILE._id);
  saveFlowDraft(PROFILE._id, { kind: 'gift', guest: { fullName: 'Jo', email: 'jo@example.com' } });
  keepDraftPayment(PROFILE._id, { clientSecret: SECRET, fingerprint: 'f' });
  if (confirming) markDraftConfirming(PROFILE._id, true);
}

/** The flow over a draft with an intent (see draftWithIntent). */
function renderFlow(confirming = true) {
  draftWithIntent(confirming);
  return render(
    <MemoryRouter initialEntries={['/user_profile/ava-martinez?flow=gift&step=gift']}>
      <Routes>
        <Route
          path="/user_profile/:id"
          element={
            <>
              <Address />
              <PaymentRecovery profile={PROFILE}>
                <button type="button">Pay Now</button>
              </PaymentRecovery>
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

/** Lets the mocked Stripe answer and React render what follows. */
const settle = () =>
  act(async () => {
    await Promise.resolve();
  });
const advance = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

describe('a payment the draft started earlier', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    check.mockReset();
    resume.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('still processing: nothing is offered, Stripe is asked again until it settles, then paid', async () => {
    check.mockResolvedValueOnce(answer('processing')).mockResolvedValueOnce(answer('succeeded'));
    renderFlow();
    expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.checking);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.processing);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    await advance(PROCESSING_POLL_MS);
    await settle();
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.succeeded);
    // The draft ended with the payment.
    expect(readFlowDraft(PROFILE._id)).toBeNull();
    await advance(SUCCESS_REDIRECT_DELAY_MS);
    expect(
      screen.getByText('Address: /user_profile/ava-martinez?redirect_status=succeeded'),
    ).toBeVisible();
  });

  it('waiting for the bank: the check is shown again, then Stripe is asked how it ended', async () => {
    check
      .mockResolvedValueOnce(answer('requires_action'))
      .mockResolvedValueOnce(answer('succeeded'));
    resume.mockResolvedValue({ outcome: 'succeeded', paymentIntentId: 'pi_123' });
    renderFlow();
    await settle();
    await settle();
    expect(resume).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('status')).toHaveTextContent(PAYMENT_MESSAGES.succeeded);
  });

  it('a failure Stripe recorded: the spec’s message above the flow, the intent kept for the next try', async () => {
    check.mockResolvedValue(answer('requires_payment_method', true));
    renderFlow();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.incomplete);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect(readFlowDraft(PROFILE._id)).toMatchObject({
      payment: { clientSecret: SECRET },
      confirming: false,
    });
  });

  it('Stripe out of reach after a confirmation started: nothing is offered until it answers', async () => {
    check
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(answer('requires_payment_method'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFlow();
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.uncheckable);
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check the payment again' }));
    await settle();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  });

  it('an intent never confirmed is no news: the flow shows at once and reuses it', async () => {
    check.mockResolvedValue(answer('requires_payment_method'));
    renderFlow(false);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await settle();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect(readFlowDraft(PROFILE._id)?.payment?.clientSecret).toBe(SECRET);
  });

  it('a flow gone before Stripe answers ends nothing: its draft stays for the page that asks next', async () => {
    let answerNow!: (check: PaymentCheck) => void;
    check.mockReturnValue(new Promise((resolve) => (answerNow = resolve)));
    const { unmount } = renderFlow();
    unmount();
    await act(async () => answerNow(answer('succeeded')));
    expect(readFlowDraft(PROFILE._id)).toMatchObject({ payment: { clientSecret: SECRET } });
  });
});
