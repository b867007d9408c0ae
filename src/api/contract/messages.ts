// Messages the API answers with that the app also shows or recognises, written once.

/** The field a payment call's captcha token travels in. */
export const CAPTCHA_FIELD = 'captchaToken';

/** A payment call whose captcha is missing, failed or reused (spec section 5). */
export const INVALID_CAPTCHA_MESSAGE = 'invalid Captcha';
