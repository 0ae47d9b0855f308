// The draw: Web Crypto (the browser's verifier) against node:crypto (the server's).
import { drawTicket } from "@prizepacks/fairness";
import { drawTicketSync } from "@prizepacks/fairness/node";
import { log } from "./log.ts";

export async function measureDraw(): Promise<{ webCryptoPerSecond: number; nodeCryptoPerSecond: number }> {
  const drawInput = { serverSeed: "a".repeat(64), clientSeed: "bench", nonce: 0 };
  let t = performance.now();
  for (let i = 0; i < 20_000; i++) await drawTicket({ ...drawInput, nonce: i });
  const webCryptoPerSecond = Math.round(20_000 / ((performance.now() - t) / 1000));
  t = performance.now();
  for (let i = 0; i < 20_000; i++) drawTicketSync({ ...drawInput, nonce: i });
  const nodeCryptoPerSecond = Math.round(20_000 / ((performance.now() - t) / 1000));
  log(`drawTicket: Web Crypto ${webCryptoPerSecond}/s, node:crypto ${nodeCryptoPerSecond}/s`);
  return { webCryptoPerSecond, nodeCryptoPerSecond };
}
