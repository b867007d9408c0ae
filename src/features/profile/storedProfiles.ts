// The profiles this browser looked up lately, kept in its storage: a guest who comes back (the
// same QR code at the same counter, another day) sees the profile as soon as the link resolves,
// while its lookup is made afresh, instead of waiting for that round trip (issue 36). What is kept
// is what anyone sees on the page; a few profiles, for a month at most.
import type { FindUserResult } from '../../api/contract/types';
import { isStoredProfileOf } from './storedProfilesShape';

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

// An entry is `<savedAt> <JSON>`: its age is read without parsing the profile.
function savedAtOf(value: string | null): number | null {
  const space = value?.indexOf(' ') ?? -1;
  const savedAt = space > 0 ? Number(value!.slice(0, space)) : NaN;
  return Number.isFinite(savedAt) ? savedAt : null;
}

/** An entry read: when it was saved and what it holds (of any shape), or null if unreadable. */
function storedCopy(value: string): { profile: unknown; savedAt: number } | null {
  const savedAt = savedAtOf(value);
  if (savedAt === null) return null;
  try {
    return { profile: JSON.parse(value.slice(value.indexOf(' ') + 1)) as unknown, savedAt };
  } catch {
    return null;
  }
}

/**
 * The copy kept of this profile, if a recent and sound one is there. One that is not (of another
 * shape or another profile, unreadable, too old) is removed, never shown: it would be ignored on
 * every visit after this one too.
 */
export function readStoredProfile(id: string, now = Date.now()): FindUserResult | null {
  const store = storage();
  if (!store) return null;
  try {
    const value = store.getItem(KEY_PREFIX + id);
    if (value === null) return null;
    const copy = storedCopy(value);
    if (copy && copy.savedAt > now) return null;
    if (copy && now - copy.savedAt <= STORED_PROFILE_KEEP_MS && isStoredProfileOf(id, copy.profile))
      return copy.profile;
    store.removeItem(KEY_PREFIX + id);
    return null;
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
