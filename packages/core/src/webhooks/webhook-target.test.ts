import { describe, expect, it } from "vitest";
import { assertWebhookTarget, isPublicAddress } from "./webhook-target.ts";

describe("webhook targets (server-side request forgery)", () => {
  it("are public unicast addresses only", () => {
    for (const address of ["10.1.2.3", "172.16.0.1", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "224.0.0.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("refuses http://, private and loopback addresses, and names that resolve to them", async () => {
    const rules = { allowPrivate: false };
    for (const url of ["http://93.184.216.34/hook", "https://10.0.0.5/hook", "https://[::1]/hook", "https://169.254.169.254/latest/meta-data", "https://localhost/hook", "ftp://example.com", "not a url", "https://user:pw@93.184.216.34/"]) {
      await expect(assertWebhookTarget(url, rules), url).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(assertWebhookTarget("https://93.184.216.34/hook", rules)).resolves.toBeInstanceOf(URL);
  });

  it("lets a development receiver on loopback through only when the flag allows it", async () => {
    await expect(assertWebhookTarget("http://127.0.0.1:9/hook", { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });
});
