// What every browser suite shares: guest names, payment rows, the gallery pages asked for.

/** One per test, to read the shared payments list by; it must fit Full Name (30 characters). */
export const guestName = (label: string) => {
  const name = `${label} ${Date.now() % 100000}`;
  if (name.length > 30) throw new Error(`guest name "${name}" is longer than 30 characters`);
  return name;
};

/** As `GET /api/__payments` lists it (the fields these tests read). */
export interface PaymentRow {
  intentId: string;
  amountCents: number;
  feeCents: number;
  totalCents: number;
  status: string;
  walletPrepare: boolean;
  idempotencyKey: string;
  metadata: { guestName: string; getThanksUserID: string; title: string };
}

interface RequestSource {
  on(event: 'request', listener: (request: { url(): string }) => void): unknown;
}

export function recordGalleryPages(page: RequestSource): number[] {
  const requested: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/user/v2/fetchUserGallery')) {
      requested.push(Number(url.searchParams.get('pageNo')));
    }
  });
  return requested;
}
