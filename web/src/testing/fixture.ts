/**
 * A test-data factory: `defaults()` (a fresh object each call, so a test may change what it gets), with
 * what a test gives in their place.
 */
export function fixture<T extends object>(defaults: () => T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults(), ...overrides });
}
