/** A setting of the production server's environment that is missing or wrong: the start stops. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}
