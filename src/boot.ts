// The page's first script (the `boot` entry, src/loading/chunks.json): webpack's runtime and the
// start of a Branch link's session. It needs none of the libraries, so a visit through a QR code
// asks Branch while the libraries' chunk (React, the store, the router: most of the page's bytes)
// is still on the way, instead of after it. main.tsx, which depends on it, renders the app.
import { startLinkSession } from './features/deeplink/linkSession';

void startLinkSession(window.location, window.history.state);
