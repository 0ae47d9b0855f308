import Link from "next/link";
import { notFound } from "next/navigation";
import { ItemPhotos } from "../../../../components/admin/item-photos";
import { OddsVersions } from "../../../../components/admin/odds-versions";
import { PackEditor } from "../../../../components/admin/pack-editor";
import { PackStatusControls } from "../../../../components/admin/pack-status-controls";
import { adminApi } from "../../../../lib/admin";
import { listArtIcons } from "../../../../lib/art-svg";

export const metadata = { title: "Pack" };

export default async function AdminPackPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const api = await adminApi();
  const [detail, settings] = await Promise.all([
    api.admin.packs.get({ slug }).catch((error: unknown) => {
      if ((error as { code?: string }).code === "NOT_FOUND") return null;
      throw error;
    }),
    api.admin.settings.get(),
  ]);
  if (!detail) notFound();
  const { pack } = detail;
  return (
    <>
      <div className="page-header">
        <h1>{pack.name}</h1>
        <span className="muted">
          {pack.archived ? "archived" : pack.active ? "on sale" : "off sale"} · odds v{pack.oddsVersion ?? "–"} · {pack.spinCount} openings
          · {pack.active && <Link href={`/packs/${pack.slug}`}>pack page</Link>}
        </span>
      </div>
      <PackStatusControls slug={pack.slug} active={pack.active} archived={pack.archived} hasSpins={pack.spinCount > 0} />
      <OddsVersions slug={pack.slug} versions={detail.versions} />
      {!pack.archived && (
        <PackEditor
          key={`${pack.oddsHash}-${pack.price}`}
          rtpRange={settings.rtpRange}
          art={settings.art}
          icons={await listArtIcons()}
          initial={detail.file}
          publishedItems={detail.publishedItems}
          onSale={pack.active}
          previousRtp={detail.check.rtpPercent}
        />
      )}
      {!pack.archived && <ItemPhotos slug={pack.slug} items={detail.itemPictures} />}
    </>
  );
}
