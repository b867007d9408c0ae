// A gift alone pays right after the guest's details: the payment's scripts (Stripe.js, the
// captcha widget's) are fetched while the guest types them, so the gift form's captcha and
// payment options show without waiting for their code (issue 36). A failed fetch is left to the
// form's own load, which asks again and reports it.
import { prefetchCaptcha } from './captcha/Captcha';
import { getStripe } from './stripe/stripe';

export function preparePayment(): void {
  getStripe().catch(() => undefined);
  prefetchCaptcha();
}
