import type { PackItem } from "@prizepacks/core";
import { displayChance } from "@prizepacks/core/contract";
import { Money } from "../ui/money";

/** Every item of a pack with its published odds: the ticket ranges a draw is checked against. */
export function PackOddsTable({ items }: { items: PackItem[] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Items and odds table">
      <table className="odds-table">
        <caption className="visually-hidden">Items, values, chances and ticket ranges</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="odds-rarity-column">
              Rarity
            </th>
            <th scope="col" className="num">
              Value
            </th>
            <th scope="col" className="num">
              Chance<span className="odds-tickets-inline"> · tickets</span>
            </th>
            <th scope="col" className="num odds-tickets-column">
              Tickets
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>
                <span className="odds-item">
                  <img
                    src={item.image}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className={`odds-item-image rarity-border-${item.rarity}`}
                  />
                  <span className="odds-item-text">
                    {item.name}
                    <span className={`rarity rarity-${item.rarity} odds-rarity-inline`}>{item.rarity}</span>
                  </span>
                </span>
              </td>
              <td className="odds-rarity-column">
                <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span>
              </td>
              <td className="num">
                <Money amount={item.value} />
              </td>
              <td className="num">
                {displayChance(item.chance)}
                {/* A phone has no room for the Tickets column: the range goes under the chance. */}
                <span className="odds-tickets-inline">
                  {item.ticketFrom}–<wbr />
                  {item.ticketTo}
                </span>
              </td>
              <td className="num odds-tickets odds-tickets-column">
                {item.ticketFrom}–<wbr />
                {item.ticketTo}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
