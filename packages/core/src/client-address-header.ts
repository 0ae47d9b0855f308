/**
 * The header the app's server sets on every request it hands to Next.js: the client's address
 * as resolved through TRUSTED_PROXIES (`clientAddress` in @prizepacks/api), after removing
 * whatever the client sent under that name. better-auth and the auth limits read it. Here, in
 * core, because both @prizepacks/api (which writes it) and @prizepacks/auth (which reads it)
 * may import core, and neither may import the other.
 */
export const CLIENT_ADDRESS_HEADER = "x-prizepacks-client-address";
