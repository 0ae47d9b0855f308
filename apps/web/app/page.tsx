import { listActivePacks } from "@prizepacks/core";
import { db } from "../lib/database";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const packs = await listActivePacks(await db());
  return (
    <main style={{ maxWidth: 960, margin: "0 auto", padding: 24 }}>
      <h1>prizepacks</h1>
      <p>
        Provably fair prize packs. Bots use the <a href="/docs" style={{ color: "#8ab4ff" }}>REST API</a>.
      </p>
      <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))" }}>
        {packs.map((pack) => (
          <li key={pack.id} style={{ background: "#1a1d24", borderRadius: 12, padding: 12 }}>
            <img src={pack.image} alt={pack.name} width={176} height={176} />
            <h2 style={{ fontSize: 16 }}>{pack.name}</h2>
            <p>
              {pack.price} · {pack.category}
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}
