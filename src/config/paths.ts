// Every route of the app, with a builder for its address.

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', href: () => '/' },
  profile: { path: '/user_profile/:id', href: (id: string) => `/user_profile/${segment(id)}` },
  profileRedirect: { path: '/user_profile/redirect/*' },
  userDetails: { path: '/user-details/:id', href: (id: string) => `/user-details/${segment(id)}` },
  gpay: { path: '/gpay', href: () => '/gpay' },
} as const;
