// The Payment Element's countries; Stripe asks a postal code of these three only.

export interface Country {
  code: string;
  name: string;
  /** The postal code's label, for the countries that have one. */
  postal?: string;
  minLength?: number;
  numeric?: boolean;
}

const UNITED_STATES: Country = {
  code: 'US',
  name: 'United States',
  postal: 'ZIP code',
  minLength: 5,
  numeric: true,
};

export const COUNTRIES: readonly Country[] = [
  UNITED_STATES,
  { code: 'CA', name: 'Canada', postal: 'Postal code', minLength: 6 },
  { code: 'GB', name: 'United Kingdom', postal: 'Postal code', minLength: 5 },
  { code: 'AU', name: 'Australia' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'MX', name: 'Mexico' },
];

/** The country with this code; the United States for any other. */
export function countryOf(code: unknown): Country {
  return COUNTRIES.find((country) => country.code === code) ?? UNITED_STATES;
}
