// Team member names are shown cut to 5 characters plus '...' (spec section 9).
export const MEMBER_NAME_LENGTH = 5;

export function truncateMemberName(name: string, length = MEMBER_NAME_LENGTH): string {
  const characters = Array.from(name.trim());
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : name.trim();
}
