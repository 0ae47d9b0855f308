// Catalogue art: every pack and item image is drawn by the web app from an icon of one open
// illustration set (Fluent Emoji Flat, MIT, through @iconify-json/fluent-emoji-flat) in the
// item's rarity colours, or for a pack from its best items' icons in the pack's theme. The
// image column keeps the URL, so an operator picking art only picks icon names.

export const ART_SET = "fluent-emoji-flat";
/** How many of a pack's most valuable items its art shows. */
export const PACK_ART_ICONS = 3;

const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function assertIconName(icon: string): void {
  if (!ICON_NAME.test(icon)) throw new Error(`"${icon}" is not an icon name of ${ART_SET}`);
}

/** "/art/item/EPIC/trophy.svg" */
export function itemArtPath(icon: string, rarity: string): string {
  assertIconName(icon);
  return `/art/item/${rarity}/${icon}.svg`;
}

/** "/art/pack/GOLD/crown,gem-stone,trophy.svg": the icons of its best items, most valuable first. */
export function packArtPath(theme: string, icons: string[]): string {
  icons.forEach(assertIconName);
  return `/art/pack/${theme}/${icons.slice(0, PACK_ART_ICONS).join(",")}.svg`;
}

/** The icons a pack's art shows: its most valuable items', without repeats. */
export function packArtIcons(items: { art: string; value: string }[]): string[] {
  const byValue = [...items].sort((a, b) => Number(b.value) - Number(a.value));
  return [...new Set(byValue.map((item) => item.art))].slice(0, PACK_ART_ICONS);
}

/** A catalogue pack with its item and pack images drawn from their art. */
export function withArtImages<P extends { rarityTheme: string; items: { art: string; value: string; rarity: string }[] }>(
  pack: P,
): P & { image: string; items: (P["items"][number] & { image: string })[] } {
  return {
    ...pack,
    image: packArtPath(pack.rarityTheme, packArtIcons(pack.items)),
    items: pack.items.map((item) => ({ ...item, image: itemArtPath(item.art, item.rarity) })),
  };
}
