import "server-only";
import type { IconifyJSON } from "@iconify/types";
import { getIconData, iconToSVG, replaceIDs } from "@iconify/utils";
import { RARITIES, RARITY_THEMES, type Rarity, type RarityTheme } from "@prizepacks/core/contract";
import { PACK_ART_ICONS } from "@prizepacks/db/art";

// Draws catalogue art (see packages/db/src/seed/art.ts for the URLs): an icon of the open set
// Fluent Emoji Flat on a glow in its rarity colour, or a pack's best items fanned out on its
// theme. No text in the images: names are HTML next to them.

const RARITY_COLOURS: Record<Rarity, string> = {
  COMMON: "#9aa3b2",
  UNCOMMON: "#34d399",
  RARE: "#60a5fa",
  EPIC: "#c084fc",
  LEGENDARY: "#fbbf24",
};

const THEME_COLOURS: Record<RarityTheme, [light: string, dark: string]> = {
  BRONZE: ["#e0a060", "#5a2e12"],
  SILVER: ["#dfe6ee", "#3b4453"],
  GOLD: ["#ffd55a", "#7a4a05"],
  NEON: ["#22d3ee", "#6b1380"],
  DIAMOND: ["#b5f5ff", "#3730a3"],
};

let iconSet: Promise<IconifyJSON> | null = null;

/** The set, read once (about 9 MB of JSON) on the first art request, never on start-up. */
function loadIconSet(): Promise<IconifyJSON> {
  iconSet ??= import("@iconify-json/fluent-emoji-flat").then((module) => module.icons);
  return iconSet;
}

/** Every icon name of the set: what an operator picks item art from. */
export async function listArtIcons(): Promise<string[]> {
  return Object.keys((await loadIconSet()).icons).sort();
}

/** The icon as a nested <svg> at (x, y) of `size`, its ids made unique within the picture; null if the set lacks it. */
async function placeIcon(
  name: string,
  { x, y, size, transform }: { x: number; y: number; size: number; transform?: string },
): Promise<string | null> {
  const data = getIconData(await loadIconSet(), name);
  if (!data) return null;
  const built = iconToSVG(data);
  const body = replaceIDs(built.body); // ids unique per process, so icons in one picture never share one
  const nested = `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="${built.attributes.viewBox}">${body}</svg>`;
  return transform ? `<g transform="${transform}">${nested}</g>` : nested;
}

/**
 * Drawn pictures by key, least recently used first, bounded by their total length: the set's
 * 3,174 icons in five rarities alone come to 63 million characters of SVG, and a pack may show
 * any three of them. A miss is never kept, since anyone may ask for any name (drawing nothing
 * costs one lookup in the set). Browsers keep the immutable URLs anyway; this spares the server
 * redrawing the pictures of the pages being looked at.
 */
const MAX_CACHED_CHARS = 8_000_000;
const cache = new Map<string, string>();
let cachedChars = 0;

async function cached(key: string, draw: () => Promise<string | null>): Promise<string | null> {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key); // and back in at the end: the most recently used
    cache.set(key, hit);
    return hit;
  }
  const svg = await draw();
  if (svg === null || cache.has(key)) return svg; // a concurrent request for the same picture kept it first
  cache.set(key, svg);
  cachedChars += svg.length;
  for (const [oldest, picture] of cache) {
    if (cachedChars <= MAX_CACHED_CHARS) break;
    cache.delete(oldest);
    cachedChars -= picture.length;
  }
  return svg;
}

/** What the cache holds now, for tests and diagnostics. */
export function artCacheUsage(): { entries: number; chars: number; maxChars: number } {
  return { entries: cache.size, chars: cachedChars, maxChars: MAX_CACHED_CHARS };
}

export function isRarity(value: string): value is Rarity {
  return (RARITIES as readonly string[]).includes(value);
}

export function isTheme(value: string): value is RarityTheme {
  return (RARITY_THEMES as readonly string[]).includes(value);
}

/** 128×128: the icon over a glow of its rarity; rays behind EPIC and LEGENDARY. Null for an unknown icon. */
export function drawItemArt(icon: string, rarity: Rarity): Promise<string | null> {
  return cached(`item:${rarity}:${icon}`, async () => {
    const colour = RARITY_COLOURS[rarity];
    const placed = await placeIcon(icon, { x: 22, y: 18, size: 84 });
    if (!placed) return null;
    const rays =
      rarity === "EPIC" || rarity === "LEGENDARY"
        ? `<g opacity="0.22" fill="${colour}">${Array.from({ length: 12 }, (_, index) => `<path d="M64 60 L${64 + 90 * Math.cos(((index * 30 - 4) * Math.PI) / 180)} ${60 + 90 * Math.sin(((index * 30 - 4) * Math.PI) / 180)} L${64 + 90 * Math.cos(((index * 30 + 4) * Math.PI) / 180)} ${60 + 90 * Math.sin(((index * 30 + 4) * Math.PI) / 180)}Z"/>`).join("")}</g>`
        : "";
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">
<defs><radialGradient id="pp-glow" cx="50%" cy="46%" r="55%"><stop offset="0" stop-color="${colour}" stop-opacity="0.6"/><stop offset="0.6" stop-color="${colour}" stop-opacity="0.14"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>
<clipPath id="pp-tile"><rect width="128" height="128" rx="22"/></clipPath></defs>
<g clip-path="url(#pp-tile)"><rect width="128" height="128" fill="#141821"/>${rays}<rect width="128" height="128" fill="url(#pp-glow)"/>
<ellipse cx="64" cy="108" rx="30" ry="5" fill="#000" opacity="0.35"/>${placed}
<rect x="0" y="118" width="128" height="10" fill="${colour}" opacity="0.85"/></g>
</svg>`;
  });
}

/** 256×256: the pack's best items fanned out (the best in front) on its theme's gradient. Null for an unknown icon. */
export function drawPackArt(icons: string[], theme: RarityTheme): Promise<string | null> {
  return cached(`pack:${theme}:${icons.join(",")}`, async () => {
    if (icons.length === 0 || icons.length > PACK_ART_ICONS) return null;
    const [light, dark] = THEME_COLOURS[theme];
    const [best, second, third] = icons;
    const placed = await Promise.all([
      third ? placeIcon(third, { x: 150, y: 70, size: 92, transform: "rotate(14 196 116)" }) : Promise.resolve(""),
      second ? placeIcon(second, { x: 14, y: 70, size: 92, transform: "rotate(-14 60 116)" }) : Promise.resolve(""),
      placeIcon(best!, { x: 58, y: 52, size: 140 }),
    ]);
    if (placed.some((part) => part === null)) return null;
    const sparkles = [
      [36, 40, 5],
      [214, 34, 4],
      [226, 200, 5],
      [30, 206, 3],
      [128, 24, 3],
    ]
      .map(
        ([x, y, r]) =>
          `<path d="M${x} ${y! - r! * 2}Q${x} ${y} ${x! + r! * 2} ${y}Q${x} ${y} ${x} ${y! + r! * 2}Q${x} ${y} ${x! - r! * 2} ${y}Q${x} ${y} ${x} ${y! - r! * 2}Z" fill="#fff" opacity="0.8"/>`,
      )
      .join("");
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="pp-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<radialGradient id="pp-burst" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<clipPath id="pp-tile"><rect width="256" height="256" rx="28"/></clipPath></defs>
<g clip-path="url(#pp-tile)"><rect width="256" height="256" fill="url(#pp-bg)"/>
<rect width="256" height="256" fill="#0b0d12" opacity="0.25"/>
<circle cx="128" cy="124" r="118" fill="url(#pp-burst)"/>
<ellipse cx="128" cy="214" rx="84" ry="12" fill="#000" opacity="0.35"/>
${placed.join("")}${sparkles}</g>
</svg>`;
  });
}
