// The guest: who sends a gratitude or pays, as the guest lookup (createWebUser) knows them, and
// the rules their details follow on the form and on the API (spec section 5).

/** A guest once looked up: the id the API gave them, their name and email. */
export interface Guest {
  userId: string;
  fullName: string;
  email: string;
}

/** Full Name: trimmed, 1 to 30 characters. */
export const MAX_FULL_NAME_LENGTH = 30;

/** Any top-level domain of two or more characters; exactly one `@`; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
