// The art module in a process of its own, where the heap can be collected on demand: run by
// art.e2e.test.ts as `node --expose-gc --conditions=react-server --import tsx <this file>`
// (react-server: the condition Next resolves "server-only" with on the server). Prints one line
// of JSON: the heap and the module's cache before and after 3,000 unknown names, then after far
// more known pictures than the cache holds.
import { randomBytes } from "node:crypto";
import { artCacheUsage, drawItemArt, drawPackArt, listArtIcons } from "../lib/art-svg.ts";

const collect = globalThis.gc;
if (!collect) throw new Error("run with node --expose-gc");

function heapUsedBytes(): number {
  collect!();
  collect!();
  return process.memoryUsage().heapUsed;
}

// The set loaded (its JSON stays for good) and a picture of each kind drawn and cached, so that
// what follows measures the unknown names alone.
const icons = await listArtIcons();
await drawItemArt("trophy", "EPIC");
await drawPackArt(["crown", "gem-stone", "trophy"], "GOLD");
const before = { heapUsedBytes: heapUsedBytes(), cache: artCacheUsage() };

// Each name asked for as item art and as pack art, as /art/item/EPIC/<name>.svg and
// /art/pack/GOLD/<name>.svg would. 10,000 characters: a URL still carries that (Node refuses
// request heads past 16 KB), and it makes a kept name plain to see in the heap.
const unknownNames = 3_000;
for (let index = 0; index < unknownNames; index++) {
  const name = randomBytes(5_000).toString("hex");
  if ((await drawItemArt(name, "EPIC")) !== null || (await drawPackArt([name], "GOLD")) !== null) throw new Error(`${name} drew a picture`);
}
const afterUnknown = { heapUsedBytes: heapUsedBytes(), cache: artCacheUsage() };

// Known pictures: distinct packs of three icons of the set until twice the cache's bound is drawn.
let drawnChars = 0;
let drawn = 0;
while (drawnChars < 2 * before.cache.maxChars) {
  const picked = [icons[drawn % icons.length]!, icons[(drawn * 7 + 1) % icons.length]!, icons[(drawn * 13 + 2) % icons.length]!];
  const svg = await drawPackArt(picked, "NEON");
  if (svg === null) throw new Error(`${picked.join(",")} drew nothing`);
  drawnChars += svg.length;
  drawn++;
}
const afterKnown = { heapUsedBytes: heapUsedBytes(), cache: artCacheUsage(), drawn, drawnChars };

console.log(JSON.stringify({ unknownNames, before, afterUnknown, afterKnown }));
