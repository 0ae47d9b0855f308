import { drawItemArt, drawPackArt, isRarity, isTheme } from "../../../../../lib/art-svg";

// GET /art/item/<RARITY>/<icon>.svg and /art/pack/<THEME>/<icon>,<icon>,<icon>.svg (URLs built by
// @prizepacks/db/seed's art.ts). A URL names its picture completely, so it is cached for good.
// Their Content-Security-Policy is set in next.config.ts, whose headers override a route's own.

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function GET(_request: Request, { params }: { params: Promise<{ kind: string; variant: string; file: string }> }) {
  // Next has decoded the segments once; decoding again would read "%25ZZ" as "%ZZ" and throw.
  const { kind, variant, file } = await params;
  if (!file.endsWith(".svg")) return notFound();
  const name = file.slice(0, -".svg".length);
  let svg: string | null = null;
  if (kind === "item" && isRarity(variant)) svg = await drawItemArt(name, variant);
  else if (kind === "pack" && isTheme(variant)) svg = await drawPackArt(name.split(","), variant);
  if (!svg) return notFound();
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
