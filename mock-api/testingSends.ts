// What the app's payment calls send, for tests that make them: the JSON bodies of a tip and a
// donation, a captcha token, a multipart form (the review + tip's fields: ./testing.ts).
import { platformFeeCents } from '../src/api/contract/fees';
import { cardTipFields, jsonPost } from './testing';

/** cardTipFields as create-payment-intent's JSON body (numbers, metadata as an object). */
export function cardTipBody(amount: number, captchaToken: string): Record<string, unknown> {
  const { metadata = '{}', platformFeeForWallet, ...fields } = cardTipFields(amount, captchaToken);
  return {
    ...fields,
    metadata: JSON.parse(metadata) as unknown,
    platformFeeForWallet: Number(platformFeeForWallet),
    amount,
  };
}

/** A card donation of `amount` cents to Green Earth Fund from `guestId` (create-donation-intent). */
export function donationBody(
  guestId: string,
  amount: number,
  captchaToken: string,
): Record<string, unknown> {
  const fee = platformFeeCents(amount, 'card');
  return {
    piDescription: 'cardToWallet',
    metadata: {
      getThanksUserID: 'green-earth-fund',
      title: 'Jamie Guest donated to Green Earth Fund',
      guestName: 'Jamie Guest',
      userName: 'greenearthfund',
      email: 'jamie@example.com',
      amountAfterFee: amount + fee,
    },
    platformFeeForWallet: fee,
    amount,
    paymentMethodType: 'card',
    userName: 'greenearthfund',
    userId: guestId,
    ngoId: 'green-earth-fund',
    isRecurring: false,
    captchaToken,
  };
}

/** A captcha token as the emulated checkbox gets one (single use). */
export async function captchaToken(server: { origin: string }): Promise<string> {
  const answer = await fetch(`${server.origin}/__recaptcha/token`, jsonPost({ sitekey: 'test' }));
  return ((await answer.json()) as { token: string }).token;
}

/** A multipart form of `fields` and, as `media`, the JPEG `images`. */
export function multipartForm(fields: Record<string, string>, images: Buffer[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, bytes] of images.entries()) {
    form.append('media', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${i}.jpg`);
  }
  return form;
}
