// The "sent" confirmation: which addresses ask for it, and the address it leaves behind.

/** Query parameters a finished recognition or payment leaves in the address. */
export const RESULT_PARAMS = [
  'show',
  'payment_intent_client_secret',
  'payment_intent',
  'redirect_status',
];

export function shouldCongratulate(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('show') || params.get('redirect_status') === 'succeeded';
}

/** The same address without the result parameters. */
export function withoutResultParams(href: string): string {
  const url = new URL(href);
  for (const name of RESULT_PARAMS) url.searchParams.delete(name);
  return url.href;
}
