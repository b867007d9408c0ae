// Every route of the app, with a builder for its address; and the profile address's "sent"
// confirmation, built and read here only.

const segment = (value: string) => encodeURIComponent(value);

/**
 * What was just sent to a profile, which its address carries so the profile opens with the
 * Congratulations modal: a recognition (`?show=true`) or a payment that Stripe said succeeded
 * (`?redirect_status=succeeded`, the parameter Stripe itself adds on a redirect return).
 */
export type SentResult = 'recognition' | 'payment';

const SENT_QUERY: Readonly<Record<SentResult, string>> = {
  recognition: '?show=true',
  payment: '?redirect_status=succeeded',
};

export const paths = {
  home: { path: '/', href: () => '/' },
  profile: {
    path: '/user_profile/:id',
    href: (id: string, options: { sent?: SentResult } = {}) =>
      `/user_profile/${segment(id)}${options.sent ? SENT_QUERY[options.sent] : ''}`,
  },
  profileRedirect: { path: '/user_profile/redirect/*' },
  userDetails: { path: '/user-details/:id', href: (id: string) => `/user-details/${segment(id)}` },
  gpay: { path: '/gpay', href: () => '/gpay' },
} as const;

/** Query parameters a finished recognition or payment leaves in the address. */
export const RESULT_PARAMS = [
  'show',
  'payment_intent_client_secret',
  'payment_intent',
  'redirect_status',
];

/** Whether an address's query says something was just sent (spec: show, or a succeeded payment). */
export function isSentQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('show') || params.get('redirect_status') === 'succeeded';
}

/**
 * The client secret of a payment Stripe redirected back from (it adds `redirect_status` and
 * `payment_intent_client_secret` to the return address), or null: a sent recognition (`show`)
 * carries no payment to read back.
 */
export function redirectedPaymentSecret(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.has('redirect_status') ? params.get('payment_intent_client_secret') : null;
}

/** The same address without the result parameters. */
export function withoutResultParams(href: string): string {
  const url = new URL(href);
  for (const name of RESULT_PARAMS) url.searchParams.delete(name);
  return url.href;
}
