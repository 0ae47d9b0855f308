import { lookup as dnsLookup } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "../errors.ts";

/**
 * IPv4-compatible IPv6 (::/96, deprecated by RFC 4291). `https://[::127.0.0.1]` is normalised by
 * the URL parser to `[::7f00:1]`, which ipaddr.js ranks as plain unicast: it has to be named.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

/**
 * Server-side request forgery: a webhook URL is a request our server makes for a player, so it
 * must never reach this machine, the private network behind it or the cloud's metadata service.
 * Only public unicast addresses pass; the check runs when the endpoint is registered and again
 * before every delivery (a name may resolve elsewhere later, the rules may have changed).
 *
 * An IPv4 address written inside IPv6, mapped (::ffff:0:0/96) or compatible (::/96), is refused
 * in every spelling, even a public one: no receiver needs it, and each spelling is one more way
 * to write 127.0.0.1 past a check. NAT64, 6to4 and Teredo prefixes are ranges of their own in
 * ipaddr.js, so they fail the unicast test too.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && (parsed.isIPv4MappedAddress() || parsed.match(IPV4_COMPATIBLE))) return false;
  return parsed.range() === "unicast";
}

export interface TargetRules {
  /** Development only (demo mode and WEBHOOKS_ALLOW_PRIVATE_TARGETS): http:// and private addresses. */
  allowPrivate: boolean;
}

/**
 * What the URL alone says under these rules: its scheme, credentials and, when the host is an
 * address, that address. Returns why it is refused, or null. The same check runs at
 * registration, at start-up and before each delivery; host names are checked where they
 * resolve (`assertWebhookTarget`, `publicOnlyLookup`), since an address literal never reaches
 * a DNS lookup and so never meets the connection's check.
 */
export function findWebhookUrlProblem(rawUrl: string | URL, rules: TargetRules): string | null {
  if (typeof rawUrl === "string" && !URL.canParse(rawUrl)) return "is not a valid URL.";
  const url = new URL(rawUrl);
  if (url.protocol !== "https:" && !(rules.allowPrivate && url.protocol === "http:"))
    return "must start with https:// (webhooks are delivered over https:// only).";
  if (url.username || url.password) return "must not carry a user name or password.";
  if (rules.allowPrivate) return null;
  const host = bareHost(url);
  if (isIP(host) && !isPublicAddress(host)) return NOT_PUBLIC;
  return null;
}

const NOT_PUBLIC = "must point at a public address, not a private, loopback or link-local one.";

/** What the owner reads on an endpoint the server disabled because its URL fails `problem`. */
export const serverDisabledReason = (problem: string) => `Disabled by the server: its URL ${problem}`;

/** The URL's host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** 400 for a URL we will not deliver to; resolves the host to check where it points now. */
export async function assertWebhookTarget(rawUrl: string, rules: TargetRules): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError("BAD_REQUEST", "url: must be an absolute https:// URL.");
  }
  const problem = findWebhookUrlProblem(url, rules);
  if (problem) throw new AppError("BAD_REQUEST", `url: ${problem}`);
  const host = bareHost(url);
  if (rules.allowPrivate || isIP(host)) return url;
  const addresses = await resolveAll(host);
  if (addresses.length === 0) throw new AppError("BAD_REQUEST", `url: ${host} does not resolve.`);
  if (!addresses.every(isPublicAddress)) throw new AppError("BAD_REQUEST", `url: ${NOT_PUBLIC}`);
  return url;
}

function resolveAll(host: string): Promise<string[]> {
  return new Promise((resolve) => dnsLookup(host, { all: true }, (error, results) => resolve(error ? [] : results.map((r) => r.address))));
}

/** A DNS lookup for the delivery's connection that refuses anything but public addresses. */
export function publicOnlyLookup(rules: TargetRules): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, results) => {
      if (error) return callback(error, "", 0);
      const allowed = results.filter((result) => rules.allowPrivate || isPublicAddress(result.address));
      if (allowed.length === 0) {
        return callback(Object.assign(new Error(`${hostname} resolves only to non-public addresses`), { code: "ENOTPUBLIC" }), "", 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof allowed) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}
