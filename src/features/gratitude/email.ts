// The guest email rule, shared by the guest details form and (as a copy) the mock API.

/**
 * Any top-level domain of two or more characters; exactly one `@`; no spaces.
 * It must agree with `EMAIL_PATTERN` in mock-api/http.ts (the app may not import the mock API,
 * so email.test.ts checks the two agree).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
