// The demo data the bench measures, defined once: its profiles, the guest token, and a guest's
// review as the review form sends it.
import type { GratitudeIcon } from '../src/api/contract/types';
import { type GratitudeType, reviewFormFields, reviewTitle } from '../src/api/contract/reviewForm';
import { DEFAULT_GUEST_TOKEN } from '../mock-api/env';

/** The profiles Lighthouse measures; the first is the one every one-profile figure is taken on. */
export const PROFILES = ['ava-martinez', 'bluebird-cafe', 'green-earth-fund'] as const;
export const PROFILE = PROFILES[0];
export const PROFILE_PATH = `/user_profile/${PROFILE}`;
/** The profile the real photos are sent to (bench/photos.ts). */
export const PHOTO_PROFILE = 'sam-lee';

export const AUTH = { Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}` };

export async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A JSON POST to the mock API (`api`: its origin plus `/api`), with the guest token. */
export const postJson = (api: string, route: string, body: unknown) =>
  fetch(`${api}/${route}`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The findUser body the profile page sends (`profilePage`) or another lookup's. */
export const findUserBody = (profile: string, profilePage = true) =>
  profilePage ? { _id: profile, profilePage: true } : { _id: profile };

/** The profile's display name (what a review's title names). */
export async function userNameOf(api: string, profile: string, profilePage = true) {
  const answer = await json<{ data: { data: { userDetails: { userName: string } } } }>(
    await postJson(api, 'gratitude/findUser', findUserBody(profile, profilePage)),
  );
  return answer.data.data.userDetails.userName;
}

export type Guest = { userId: string; fullName: string; email: string };

export async function createGuest(api: string, fullName: string, email: string): Promise<Guest> {
  const answer = await json<{ data: { userId: string } }>(
    await postJson(api, 'user/v2/createWebUser', { fullName, email }),
  );
  return { userId: answer.data.userId, fullName, email };
}

/** A guest's review of `to`, as the review form sends it; a tip or photos add their own fields. */
export function reviewFields(
  guest: Guest,
  to: { profile: string; userName: string },
  kind: { gratitudeType: GratitudeType; icon: GratitudeIcon; sayThanks: string },
): Record<string, string> {
  return reviewFormFields({
    ...kind,
    title: reviewTitle(guest.fullName, kind.icon, to.userName),
    guestName: guest.fullName,
    email: guest.email,
    profileId: to.profile,
    userId: guest.userId,
    isNonProfit: false,
  });
}

export function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
