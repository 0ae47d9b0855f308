import type { PromoCodeState } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { DisablePromoCodeButton, PromoCodeCreateForm } from "../../../../components/admin/promo-codes";
import { RewardsNav } from "../../../../components/admin/rewards-nav";
import { DataTable } from "../../../../components/ui/data-table";
import { PageHeader } from "../../../../components/ui/page-header";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Promo codes" };

const STATE_TEXT: Record<PromoCodeState, string> = { live: "live", disabled: "disabled", expired: "expired", used_up: "used up" };

export default async function PromoCodesPage() {
  const api = await adminApi();
  const [codes, packs] = await Promise.all([api.admin.rewards.promoCodes(), api.admin.packs.list({})]);
  const names = new Map(packs.map((pack) => [pack.slug, pack.name]));
  const choices = packs.filter((pack) => pack.active).map(({ slug, name, price }) => ({ slug, name, price }));
  return (
    <>
      <PageHeader title="Promo codes">
        Cash or free openings of a pack, each account once, up to a number of redemptions. A redemption counts against the daily reward
        budget and is refused to a player on a break or at a limit.
      </PageHeader>
      <RewardsNav current="promo-codes" />
      <PromoCodeCreateForm packs={choices} />
      <section className="stack" aria-labelledby="promo-list-heading">
        <h2 id="promo-list-heading">Codes</h2>
        {codes.length === 0 ? (
          <p className="empty muted">No promo code yet.</p>
        ) : (
          <DataTable
            caption="Promo codes, newest first"
            columns={["Code", "Reward", "Redeemed", "Last day (UTC)", "Min. level", "State"]}
            actions
            region
          >
            {codes.map((code) => (
              <tr key={code.id} data-testid={`promo-row-${code.code}`}>
                <td className="break">
                  <code>{code.code}</code>
                </td>
                <td>
                  {code.amount !== null
                    ? displayMoney(code.amount)
                    : `${names.get(code.pack?.slug ?? "") ?? code.pack?.slug ?? "a pack"} × ${code.openings}`}
                  {code.requiresDeposit && <span className="muted small-text"> · after a deposit</span>}
                </td>
                <td className="num">
                  {code.redemptions.toLocaleString("en-US")} / {code.maxRedemptions.toLocaleString("en-US")}
                </td>
                <td>{code.expiresAt ? code.expiresAt.slice(0, 10) : <span className="muted">none</span>}</td>
                <td className="num">{code.minLevel}</td>
                <td data-testid="promo-state">{STATE_TEXT[code.state]}</td>
                <td>{code.state !== "disabled" && <DisablePromoCodeButton id={code.id} code={code.code} />}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
