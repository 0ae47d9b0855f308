import { describe, expect, it } from "vitest";
import { assertWebhookTarget, isPublicAddress } from "./webhook-target.ts";

describe("webhook targets (server-side request forgery)", () => {
  it("are public unicast addresses only", () => {
    for (const address of [
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses http://, private and loopback addresses, and names that resolve to them", async () => {
    const rules = { allowPrivate: false };
    for (const url of [
      "http://93.184.216.34/hook",
      "https://10.0.0.5/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/hook",
      "ftp://example.com",
      "not a url",
      "https://user:pw@93.184.216.34/",
    ]) {
      await expect(assertWebhookTarget(url, rules), url).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(assertWebhookTarget("https://93.184.216.34/hook", rules)).resolves.toBeInstanceOf(URL);
  });

  it("refuses an IPv4 address written inside IPv6, mapped or compatible, in every spelling", async () => {
    const rules = { allowPrivate: false };
    for (const host of [
      "[::127.0.0.1]", // the URL parser writes it [::7f00:1], IPv4-compatible
      "[::7f00:1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "[0:0:0:0:0:ffff:7f00:1]",
      "[0000:0000:0000:0000:0000:ffff:127.0.0.1]",
      "[::ffff:a9fe:a9fe]", // 169.254.169.254, the metadata service
      "[::10.0.0.1]",
      "[::ffff:8.8.8.8]", // even a public one: no receiver needs the IPv6 spelling
      "[::8.8.8.8]",
      "[::ffff:0:7f00:1]", // IPv4-translated (RFC 6145)
      "[64:ff9b::7f00:1]", // NAT64
      "[2002:7f00:1::]", // 6to4 around 127.0.0.1
    ]) {
      const url = `https://${host}/hook`;
      await expect(assertWebhookTarget(url, rules), url).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^url: must point at a public address/),
      });
    }
    await expect(assertWebhookTarget("https://[2606:4700::1111]/hook", rules)).resolves.toBeInstanceOf(URL);
  });

  it("lets a development receiver on loopback through only when the flag allows it", async () => {
    await expect(assertWebhookTarget("http://127.0.0.1:9/hook", { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });
});
