// What each profile tab's panel shows, for every suite that walks the tabs (texts retyped: the tab
// components import their styles and so cannot be imported here).
import type { ProfileTabLabel } from '../../src/config/profileTabs';
import { byRole, exactText, type Query } from './query';

export interface TabContent {
  /** Any of these is the tab's content (or its empty message); another tab's panel has none. */
  marks: readonly Query[];
  /** What the panel may show first, while its content comes. */
  meanwhile: readonly Query[];
}

export const TAB_CONTENT: Record<ProfileTabLabel, TabContent> = {
  Feed: {
    marks: [
      byRole('article'),
      exactText('This is where the timeline of the thanks you receive will appear'),
    ],
    meanwhile: [],
  },
  'Photos/Videos': {
    marks: [
      byRole('list', 'Photos and videos'),
      exactText('No Media Found.'),
      exactText('Yay! You have seen it all'),
    ],
    // The gallery's line while a page comes, and any lazy part's spinner.
    meanwhile: [exactText('Loading...')],
  },
  Socials: { marks: [byRole('list', 'Social links')], meanwhile: [] },
};
