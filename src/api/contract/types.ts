// The wire types of the Grati API (spec section 3), shared by the app and the mock API.

export type BusinessType = 'PERSON' | 'WORKPLACE' | 'NON-PROFIT';

export const GRATITUDE_ICONS = ['RECOGNITION', 'APPRECIATION', 'CELEBRATION', 'GRATITUDE'] as const;
export type GratitudeIcon = (typeof GRATITUDE_ICONS)[number];

export type GratitudeType = 'REVIEW' | 'TIP' | 'BOTH';

export interface SocialLinks {
  FBlink: string | null;
  InstaLink: string | null;
  LinkedInLink: string | null;
}

export interface TeamMember {
  _id: string;
  fullName: string;
  profilePicture: string | null;
}

export interface UserDetails {
  _id: string;
  fullName: string;
  userName: string;
  profession: string | null;
  workPlace: string | null;
  bio: string | null;
  businessType: BusinessType;
  premium: { isProfileVerified: boolean };
  isNgoVerified: boolean;
  profilePicture: string | null;
  socialLinks: SocialLinks;
  workPlaceMembersData: TeamMember[];
  associatedWithWorkPlaceDetails: { workPlace: { _id: string; fullName: string } } | null;
}

export interface FeedMedia {
  imgUrl: string;
  mimeType: string;
  /**
   * A video's poster (the JPEG thumbnail sent with it), shown until the guest plays it; absent or
   * null for an image, or a video stored without one.
   */
  thumbnailUrl?: string | null;
}

export interface FeedItem {
  id: string;
  gratitudeType: GratitudeType;
  icon: GratitudeIcon;
  title: string;
  sayThanks: string;
  media: FeedMedia[];
  /** ISO 8601 timestamp. */
  createdAt: string;
  boosted: boolean;
  /** Integer cents; null for a review without a tip. */
  tipAmount: number | null;
  giveThanksUser: { fullName: string; profilePicture: string | null };
}

export interface IconsCount {
  handshakeCount: number;
  thumbsupCount: number;
  cleberateCount: number;
  thankyouCount: number;
}

export interface FindUserResult {
  userDetails: UserDetails;
  userFeed: FeedItem[];
  iconsCount: IconsCount;
}

export interface GalleryItem {
  media: string;
  mimeType: string;
  /** A video's poster, as FeedMedia.thumbnailUrl. */
  thumbnailUrl?: string | null;
}

/** The envelope every successful answer uses. */
export interface Envelope<T> {
  status: number;
  data: { data: T; totalPostCount?: number };
}

/** Error answers carry no `status` field: the app treats "no status" as failure. */
export interface ApiErrorBody {
  error: string;
  message: string;
  field?: string;
}

export interface DemoProfile {
  id: string;
  fullName: string;
  shows: string;
}
