// The profile being viewed is remembered as the current user id (spec: local storage).
export const CURRENT_USER_ID_KEY = 'userId';

export function rememberCurrentUserId(id: string): void {
  try {
    globalThis.localStorage?.setItem(CURRENT_USER_ID_KEY, id);
  } catch {
    // Storage can be disabled (private mode, quotas); the page works without it.
  }
}
