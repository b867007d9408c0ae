// The profile lookup's call (spec section 7: POST gratitude/findUser, the id and profilePage true),
// written once: the store's endpoint and the server's lookup both send it so.

/** The lookup's path under the API's base address. */
export const FIND_USER_PATH = 'gratitude/findUser';

/** The lookup's JSON body for a profile id. */
export function findUserBody(id: string): { _id: string; profilePage: true } {
  return { _id: id, profilePage: true };
}
