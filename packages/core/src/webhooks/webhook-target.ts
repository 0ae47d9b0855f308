import { lookup as dnsLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "../errors.ts";

/**
 * Server-side request forgery: a webhook URL is a request our server makes for a player, so it
 * must never reach this machine, the private network behind it or the cloud's metadata service.
 * Only public unicast addresses pass; the check runs when the endpoint is registered and again
 * on every connection (a name may resolve elsewhere later).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

export interface TargetRules {
  /** Development only (demo mode and WEBHOOKS_ALLOW_PRIVATE_TARGETS): http:// and private addresses. */
  allowPrivate: boolean;
}

/** 400 for a URL we will not deliver to; resolves the host to check where it points now. */
export async function assertWebhookTarget(rawUrl: string, rules: TargetRules): Promise<URL> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new AppError("BAD_REQUEST", "url: must be an absolute https:// URL.");
  }
  if (url.protocol !== "https:" && !(rules.allowPrivate && url.protocol === "http:")) {
    throw new AppError("BAD_REQUEST", "url: webhooks are delivered over https:// only.");
  }
  if (url.username || url.password) throw new AppError("BAD_REQUEST", "url: must not carry a user name or password.");
  if (rules.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = ipaddr.isValid(host) ? [host] : await resolveAll(host);
  if (addresses.length === 0) throw new AppError("BAD_REQUEST", `url: ${host} does not resolve.`);
  if (!addresses.every(isPublicAddress)) {
    throw new AppError("BAD_REQUEST", "url: must point at a public address, not a private, loopback or link-local one.");
  }
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
