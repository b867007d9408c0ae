// Messages several features show, written once (features may not import each other).

/** A call or an action failed for no reason the guest can act on (spec 8, "Exception while paying"). */
export const TRY_AGAIN_MESSAGE = 'Something went wrong. Please try again.';

/** Ours: a recognition (alone, or with its tip) is on its way; the flow says so in a live region. */
export const SENDING_MESSAGE = 'Sending your thanks… Please stay on this page.';
