// Where the "download the mobile app" links lead.
// PLACEHOLDERS: the real store listings are not known yet. The Play id follows the usual reverse-DNS
// pattern and the App Store id is all zeros; replace both with the published listings before launch.
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps/details?id=com.grati.app';
export const APP_STORE_URL = 'https://apps.apple.com/app/grati/id0000000000';
