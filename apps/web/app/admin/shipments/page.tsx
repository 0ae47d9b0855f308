import { MAX_SHIPMENTS_PER_MOVE, ShipmentStateSchema } from "@prizepacks/core";
import { FilterNav } from "../../../components/admin/filter-nav";
import { ShipmentQueue } from "../../../components/admin/shipment-queue";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Shipments" };

const STATES = ShipmentStateSchema.options;
/** The age filter's choices, in hours waited (any: no filter). */
const AGES = [
  { value: "any", text: "any age" },
  { value: "24", text: "over 1 day" },
  { value: "48", text: "over 2 days" },
  { value: "168", text: "over 7 days" },
] as const;

export default async function AdminShipmentsPage({ searchParams }: { searchParams: Promise<{ state?: string; age?: string }> }) {
  const { state: askedState, age: askedAge } = await searchParams;
  const state = askedState === "all" ? undefined : (STATES.find((s) => s === askedState) ?? "REQUESTED");
  const age = AGES.find((a) => a.value === askedAge)?.value ?? "any";
  const olderThanHours = age === "any" ? undefined : Number(age);
  const href = (s: string, a: string) => `/admin/shipments?state=${s}${a === "any" ? "" : `&age=${a}`}`;
  const api = await adminApi();
  // At most one move's worth, so "select all shown" is always one request.
  const shipments = await api.admin.shipments.list({ state, olderThanHours, limit: MAX_SHIPMENTS_PER_MOVE });
  return (
    <>
      <div className="page-header">
        <h1>Shipments</h1>
        <p className="muted">The fulfilment queue, oldest first.</p>
      </div>
      <FilterNav
        label="Shipment states"
        current={state ?? "all"}
        options={[...STATES, "all" as const].map((s) => ({ value: s, text: s.toLowerCase(), href: href(s, age) }))}
      />
      <FilterNav
        label="Shipment age"
        current={age}
        options={AGES.map((a) => ({ value: a.value, text: a.text, href: href(state ?? "all", a.value) }))}
      />
      {shipments.length === 0 ? (
        <p className="muted">{state ? `No shipments in state ${state.toLowerCase()}.` : "No shipments yet."}</p>
      ) : (
        <ShipmentQueue shipments={shipments} now={Date.now()} />
      )}
    </>
  );
}
