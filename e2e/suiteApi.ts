// The mock API with plain fetch, for the journeys on the driver seam.
import assert from 'node:assert/strict';
import { readOperatorSecret } from '../mock-api/sharedDemo/keyFiles';
import { OPERATOR_HEADER } from '../mock-api/sharedDemo/operator';
import { eventually } from './eventually';
import type { PaymentRow } from './journeyData';

export const GUEST_TOKEN = process.env.GUEST_TOKEN ?? 'demo-guest-token';

export async function api<T>(
  baseUrl: string,
  address: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(new URL(address, baseUrl), {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Bearer ${GUEST_TOKEN}`,
      'Content-Type': 'application/json',
      // As the operator: a guest's payment made with no tester identity is nobody else's to see.
      ...(process.env.E2E_DATA_DIR
        ? { [OPERATOR_HEADER]: readOperatorSecret(process.env.E2E_DATA_DIR) }
        : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(response.ok, `${address} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Once Stripe's webhooks sent so far have been handled. */
export async function paymentsOf(baseUrl: string, guest: string): Promise<PaymentRow[]> {
  await eventually('webhooks handled', async () => {
    const deliveries = await api<{ data: { data: { fault: string | null; status: string }[] } }>(
      baseUrl,
      '/api/__webhooks?all=true',
    );
    assert.ok(!deliveries.data.data.some((d) => d.fault === null && d.status === 'scheduled'));
  });
  const answer = await api<{ data: { data: PaymentRow[] } }>(baseUrl, '/api/__payments?all=true');
  return answer.data.data.filter((row) => row.metadata.guestName === guest);
}

interface FeedItem {
  sayThanks: string;
  title: string;
  media: { imgUrl: string; mimeType: string; thumbnailUrl?: string | null }[];
}

interface ProfileAnswer {
  data: {
    data: { iconsCount: Record<string, number>; userFeed: FeedItem[] };
  };
}

export async function profileOf(baseUrl: string, id: string) {
  const answer = await api<ProfileAnswer>(baseUrl, '/api/gratitude/findUser', {
    _id: id,
    profilePage: true,
  });
  return answer.data.data;
}
