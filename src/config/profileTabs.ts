// The profile's tabs, in the order they show (spec: Feed, Photos/Videos, Socials; Feed first, by
// default): the route composes each with its feature's panel; the tests read their names through
// src/testing/tabWalk.ts (a list the app itself never needs, so not in its first load).

export const PROFILE_TABS = [
  { id: 'feed', label: 'Feed' },
  { id: 'gallery', label: 'Photos/Videos' },
  { id: 'socials', label: 'Socials' },
] as const;

export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];
export type ProfileTabLabel = (typeof PROFILE_TABS)[number]['label'];
