// The card and the app's store badges are plain text, pictures and links: their code is not in
// the first load. On a page the server rendered, it comes after the page works (the server's
// markup serves until then); a page the browser renders itself fetches it with the route's code
// (AppRoutes' loadPageFor), so that the name shows in the frame the profile does.
import { lazyPart } from '../../loading/lazyPart';

export const profileCard = lazyPart(
  'static-parts',
  () =>
    import(/* webpackChunkName: "static-parts" */ './ProfileCard').then(
      (module) => module.ProfileCard,
    ),
  { kind: 'plain' },
);
export const appDownloadLinks = lazyPart(
  'static-parts',
  () =>
    import(/* webpackChunkName: "static-parts" */ '../../components/AppDownloadLinks').then(
      (module) => module.AppDownloadLinks,
    ),
  { kind: 'plain' },
);

/** Fetches the card's and the badges' code (one chunk) ahead. */
export function prefetchStaticParts(): void {
  profileCard.prefetch();
  appDownloadLinks.prefetch();
}
