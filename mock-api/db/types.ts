// What the mock API keeps in its data file. Media paths are relative to the media root
// ("seed/ava.jpg", "uploads/<random>.jpg"); the API answers with absolute /media/ URLs.
import type { FeedItem, IconsCount, UserDetails } from '../../src/api/contract/types';
import type { Guest } from '../../src/api/contract/guest';

/**
 * A profile as stored: the wire's user details, with the team and the workplace kept as ids (the
 * lookup answers with them filled in) and the kinds' counts beside them.
 */
export interface UserRecord extends Omit<
  UserDetails,
  'workPlaceMembersData' | 'associatedWithWorkPlaceDetails'
> {
  /** Ids of team members (workplaces and non-profits). */
  memberIds: string[];
  /** Id of the workplace a person belongs to. */
  workPlaceId: string | null;
  iconsCount: IconsCount;
}

export interface FeedRecord extends FeedItem {
  /** The profile that received this gratitude. */
  userId: string;
}

export interface GalleryRecord {
  id: string;
  userId: string;
  media: string;
  mimeType: string;
  /** A video's poster, a stored JPEG path like `media` (the feed's media keep theirs alike). */
  thumbnailUrl?: string;
  createdAt: string;
}

/** A guest as createWebUser stored them; the email is lower-cased and trimmed. */
export interface GuestRecord extends Guest {
  createdAt: string;
}

export interface ProfileClickRecord {
  id: string;
  userProfileId: string;
  profileClickBy: string;
  guestName: string;
  createdAt: string;
}

export interface DemoProfileRecord {
  id: string;
  shows: string;
}

/** A stored answer to an Idempotency-Key, so a repeated submission is stored once. */
export interface IdempotencyRecord {
  key: string;
  endpoint: string;
  /** sha256 of the request's fields and file contents. */
  bodyHash: string;
  response: unknown;
  createdAt: string;
}

/** A PaymentIntent the payment routes created (amounts in integer cents). */
export interface PaymentRecord {
  id: string;
  /** Stripe's PaymentIntent id (pi_...). */
  intentId: string;
  /** payment/create-payment-intent, payment/create-donation-intent, payment/payment-intent-for-both. */
  endpoint: string;
  /** The tip or donation. */
  amountCents: number;
  /** platformFeeForWallet. */
  feeCents: number;
  /** What the intent charges: amountCents + feeCents. */
  totalCents: number;
  paymentMethodTypes: string[];
  metadata: Record<string, string>;
  idempotencyKey: string;
  /** The intent's last known Stripe status. */
  status: string;
  /** True for the on-load wallet preparation call (placeholder account). */
  walletPrepare: boolean;
  /** The tester whose browser or client made it (X-Grati-Tester / grati_tester), or null. */
  tester?: string | null;
  /** Its charge was refunded (POST /api/__payments/{id}/refund). */
  refunded?: boolean;
  /** Its charge was disputed (Stripe's dispute test card, 4000 0000 0000 0259). */
  disputed?: boolean;
  createdAt: string;
  /** The pending recognition sent with it (payment-intent-for-both). */
  gratitudeId?: string;
}

/** A recognition sent with a payment: kept out of the feed until its intent has succeeded. */
export interface PendingGratitudeRecord {
  record: FeedRecord;
  intentId: string;
  /**
   * Why it will never be published: its payment was refunded or disputed before it was, or its
   * intent was canceled (at Stripe, or given up unpaid: routes/payments/reconcile.ts).
   */
  withheld?: 'refunded' | 'disputed' | 'canceled';
}

export interface Db {
  users: UserRecord[];
  feed: FeedRecord[];
  gallery: GalleryRecord[];
  guests: GuestRecord[];
  profileClicks: ProfileClickRecord[];
  demoProfiles: DemoProfileRecord[];
  /** Absent in data files written before idempotency keys existed. */
  idempotency?: IdempotencyRecord[];
  /** Absent in data files written before payments existed. */
  payments?: PaymentRecord[];
  /** Absent in data files written before payments existed. */
  pendingGratitudes?: PendingGratitudeRecord[];
  /** The Stripe event ids the webhook endpoint has handled (each is handled once). */
  webhookEvents?: string[];
}

/**
 * The committed seed: like Db, but times are ages ("agoMinutes") so a fresh data file always
 * shows minutes, hours, days and months ago relative to when it was made.
 */
export interface Seed {
  users: UserRecord[];
  feed: (Omit<FeedRecord, 'createdAt'> & { agoMinutes: number })[];
  gallery: (Omit<GalleryRecord, 'createdAt'> & { agoMinutes: number })[];
  demoProfiles: DemoProfileRecord[];
}
