// Which profile ids can name an account: anything else is "no such account" without a call to
// the API, in the browser and on the server alike (an id is a short run of letters, digits and
// . _ ~ @ -).

export const MAX_PROFILE_ID_LENGTH = 100;
const PLAUSIBLE_ID = /^[\p{L}\p{N}._~@-]+$/u;

/** Whether `id` could name an account: short, no spaces or control characters, not a JS built-in. */
export function isPlausibleProfileId(id: string): boolean {
  return (
    id.length > 0 &&
    id.length <= MAX_PROFILE_ID_LENGTH &&
    PLAUSIBLE_ID.test(id) &&
    // `constructor`, `__proto__`, `toString`...: names every plain object answers to.
    !(id in Object.prototype)
  );
}
