import type { BattlePacksById } from "../../lib/battle-shapes";

const SHOWN = 6;

/** A battle's rounds as a row of pack art, in round order; a long battle ends in "+N". */
export function BattlePackStrip({ packIds, packs }: { packIds: readonly string[]; packs: BattlePacksById }) {
  const shown = packIds.slice(0, SHOWN);
  const names = packIds.map((id) => packs[id]?.name ?? "A pack no longer on sale");
  return (
    <div className="battle-pack-strip">
      <ol className="battle-pack-art" aria-label={`${packIds.length} ${packIds.length === 1 ? "round" : "rounds"}: ${names.join(", ")}`}>
        {shown.map((id, index) => (
          <li key={index}>
            {packs[id] ? (
              <img src={packs[id].image} alt="" width={48} height={48} loading="lazy" />
            ) : (
              <span className="battle-pack-missing" aria-hidden="true">
                ?
              </span>
            )}
          </li>
        ))}
        {packIds.length > SHOWN && (
          <li className="battle-pack-more small-text" aria-hidden="true">
            +{packIds.length - SHOWN}
          </li>
        )}
      </ol>
    </div>
  );
}
