import type { PackItem } from "@prizepacks/core";
import { displayChance } from "@prizepacks/core/contract";
import { Money } from "../ui/money";

/** The size of an item's picture in the grid, in CSS pixels: large enough to tell what it is. */
export const CONTENTS_IMAGE_PX = 112;

/** "What's inside": every item of the pack as a large picture with its name, value and chance, best first. */
export function PackContents({ items }: { items: PackItem[] }) {
  return (
    <section className="stack" aria-labelledby="contents-title">
      <h2 id="contents-title">What&rsquo;s inside</h2>
      <ul className="pack-contents" data-testid="pack-contents">
        {items.map((item) => (
          <li key={item.id} className={`pack-contents-item card rarity-border-${item.rarity}`}>
            <img
              src={item.image}
              alt=""
              width={CONTENTS_IMAGE_PX}
              height={CONTENTS_IMAGE_PX}
              loading="lazy"
              className="pack-contents-image"
              data-testid="pack-contents-image"
            />
            <span className="pack-contents-name">{item.name}</span>
            <span className="pack-contents-facts">
              <Money amount={item.value} />
              <span className="muted small-text">{displayChance(item.chance)}</span>
            </span>
            <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
