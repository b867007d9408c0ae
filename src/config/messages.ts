// Messages several features show, written once (features may not import each other).

/** A call or an action failed for no reason the guest can act on (spec 8, "Exception while paying"). */
export const TRY_AGAIN_MESSAGE = 'Something went wrong. Please try again.';

/** Ours: a recognition (alone, or with its tip) is on its way; the flow says so in a live region. */
export const SENDING_MESSAGE = 'Sending your thanks… Please stay on this page.';

/**
 * Ours: a recognition was sent and its answer never came (it may be published already). Only the
 * same send may go again (its key makes it once), so the review cannot take a tip until it is told.
 */
export const UNSETTLED_SEND_NOTE =
  'Your thanks may already have been sent. Submit again to find out: it will not be sent twice.';
