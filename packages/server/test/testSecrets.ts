/** The seed secrets every test server uses unless it overrides them (helpers.ts, and the seeded PostgreSQL template). */
export const TEST_SECRETS = {
  secret: 'test-secret-0123456789abcdef0123456789',
  // Cheap hashes keep the tests fast; production uses OWASP's 2^17.
  passwordHashLog2N: 10,
};
