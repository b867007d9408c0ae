// The spec's own waits, defined once: the app waits them, and the bench counts them as floor (no
// guest's wait can be shorter).

/** How long `succeeded` shows before the profile opens (the wallet success delay, spec 9). */
export const SUCCESS_REDIRECT_DELAY_MS = 1000;
