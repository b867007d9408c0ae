// A gift alone pays right after the guest's details: the payment's scripts (Stripe.js, the
// captcha widget's) are fetched while the guest types them, so the gift form's captcha and
// payment options show without waiting for their code (issue 36).
import { prefetchCaptcha } from './captcha/Captcha';
import { prefetchStripe } from './stripe/stripe';

export function preparePayment(): void {
  prefetchStripe();
  prefetchCaptcha();
}
