// The profiles this browser looked up lately, kept in its storage: a guest who comes back (the
// same QR code at the same counter, another day) sees the profile as soon as the link resolves,
// while its lookup is made afresh, instead of waiting for that round trip (issue 36). What is kept
// is what anyone sees on the page; a few profiles, for a month at most.
import type { FindUserResult } from '../../api/contract/types';

/** A copy older than this is not shown: the guest has been away long enough to wait. */
export const STORED_PROFILE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** At most this many profiles are kept: the oldest goes first. */
export const STORED_PROFILES_MAX = 5;
const KEY_PREFIX = 'grati:profile:';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled (a privacy setting): nothing is kept, the lookup serves.
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The shape the page reads, checked: a copy written by an older build, or edited, is dropped. */
function isProfileFor(id: string, value: unknown): value is FindUserResult {
  if (!isObject(value) || !isObject(value.userDetails) || !isObject(value.iconsCount)) return false;
  const { userDetails } = value;
  return (
    userDetails._id === id &&
    typeof userDetails.fullName === 'string' &&
    isObject(userDetails.premium) &&
    Array.isArray(value.userFeed)
  );
}

// An entry is `<savedAt> <JSON>`: its age is read without parsing the profile.
function savedAtOf(value: string | null): number | null {
  const space = value?.indexOf(' ') ?? -1;
  const savedAt = space > 0 ? Number(value!.slice(0, space)) : NaN;
  return Number.isFinite(savedAt) ? savedAt : null;
}

/** The copy kept of this profile, if a recent and sound one is there. */
export function readStoredProfile(id: string, now = Date.now()): FindUserResult | null {
  const store = storage();
  if (!store) return null;
  try {
    const value = store.getItem(KEY_PREFIX + id);
    const savedAt = savedAtOf(value);
    if (savedAt === null || now - savedAt > STORED_PROFILE_KEEP_MS || savedAt > now) return null;
    const profile = JSON.parse(value!.slice(value!.indexOf(' ') + 1)) as unknown;
    return isProfileFor(id, profile) ? profile : null;
  } catch {
    return null;
  }
}

/** Keeps this lookup's answer (a profile), or forgets the copy (null: the account is gone). */
export function keepProfile(id: string, profile: FindUserResult | null, now = Date.now()): void {
  const store = storage();
  if (!store) return;
  try {
    if (profile === null) {
      store.removeItem(KEY_PREFIX + id);
      return;
    }
    store.setItem(KEY_PREFIX + id, `${now} ${JSON.stringify(profile)}`);
    const kept: { key: string; savedAt: number }[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(KEY_PREFIX))
        kept.push({ key, savedAt: savedAtOf(store.getItem(key)) ?? 0 });
    }
    kept
      .sort((a, b) => b.savedAt - a.savedAt)
      .slice(STORED_PROFILES_MAX)
      .forEach(({ key }) => store.removeItem(key));
  } catch {
    // A full storage: the copy is not kept, the page works the same.
  }
}
