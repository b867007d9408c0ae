// The header's words, for the header (src/components/Header.tsx), its lazily loaded links and
// the tests.
export const SUPPORT_EMAIL = 'support@grati.com';
export const TAGLINE = 'Give a little thanks. It goes a long way.';
