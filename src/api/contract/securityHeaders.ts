// The security headers every answer of ours carries, the mock API's and the production server's
// alike (pages replace the policy with their own).
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  // JSON, media and scripts are not pages: nothing may run or be framed in their name.
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};
