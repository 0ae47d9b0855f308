import { PackEditor } from "../../../../components/admin/pack-editor";
import { adminApi } from "../../../../lib/admin";
import { listArtIcons } from "../../../../lib/art-svg";

export const metadata = { title: "New pack" };

export default async function NewPackPage() {
  const api = await adminApi();
  const { rtpRange, art } = await api.admin.settings.get();
  return (
    <>
      <div className="page-header">
        <h1>New pack</h1>
      </div>
      <PackEditor rtpRange={rtpRange} art={art} icons={await listArtIcons()} />
    </>
  );
}
