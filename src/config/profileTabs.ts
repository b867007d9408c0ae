// The profile's tabs, in the order they show (spec: Feed, Photos/Videos, Socials; Feed first, by
// default): the route composes each with its feature's panel, and the tests walk them from here.

export const PROFILE_TABS = [
  { id: 'feed', label: 'Feed' },
  { id: 'gallery', label: 'Photos/Videos' },
  { id: 'socials', label: 'Socials' },
] as const;

export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];
export type ProfileTabLabel = (typeof PROFILE_TABS)[number]['label'];

/** The tabs' names, as a guest reads them and a test finds them. */
export const PROFILE_TAB_LABELS: readonly ProfileTabLabel[] = PROFILE_TABS.map((tab) => tab.label);
