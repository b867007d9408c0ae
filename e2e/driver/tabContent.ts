// What each of the profile's tabs shows in its panel, written once for every suite that walks the
// tabs (e2e/loading.spec.ts, the guest walk's invariants, the shared profileTabs journey): the
// marks of its own content or its empty message, which no other tab's panel may show, and what
// the panel may show while its content comes. The texts are the spec's (FeedTab.tsx's and
// GalleryTab.tsx's, which import their styles and so cannot be imported here).
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
