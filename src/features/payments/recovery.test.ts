import { recoveryFor } from './recovery';

const check = (status: Parameters<typeof recoveryFor>[0]['status'], lastAttemptFailed = false) => ({
  status,
  lastAttemptFailed,
});

describe('a payment started earlier', () => {
  it('is congratulated when Stripe says it succeeded, whatever the page thought', () => {
    expect(recoveryFor(check('succeeded'), true).phase).toBe('succeeded');
    expect(recoveryFor(check('succeeded'), false).phase).toBe('succeeded');
  });

  it('waits while Stripe processes it, and resumes a bank check left open', () => {
    expect(recoveryFor(check('processing'), true)).toEqual({ phase: 'processing' });
    expect(recoveryFor(check('requires_action'), true)).toEqual({ phase: 'authenticating' });
  });

  it('says a confirmed attempt failed only when Stripe recorded its failure', () => {
    expect(recoveryFor(check('requires_payment_method', true), true)).toEqual({
      phase: 'failed',
      settled: true,
    });
    // The confirmation never reached Stripe (the page went before it was sent), or is still on
    // its way from another page: no failure to tell, and the same intent pays the next attempt.
    expect(recoveryFor(check('requires_payment_method'), true)).toEqual({ phase: 'idle' });
    // An intent made for the card form and never confirmed is no news.
    expect(recoveryFor(check('requires_payment_method', true), false)).toEqual({ phase: 'idle' });
  });

  it('forgets an intent Stripe canceled', () => {
    expect(recoveryFor(check('canceled'), true)).toEqual({
      phase: 'idle',
      forgetIntent: true,
      settled: true,
    });
  });
});
