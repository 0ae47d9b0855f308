// The transparency log key every test server on one DATABASE_URL signs with (the e2e suite's
// servers and the browser suite's, each with a data folder of its own): one log has one key, and
// an instance that does not hold the key the last head names refuses to sign (docs/transparency.md),
// so servers with keys of their own on one database would leave it without new heads.
// A test key only: never a deployment's.
export const TEST_TRANSPARENCY_LOG_KEY = "7e57000000000000000000000000000000000000000000000000000000000001";
