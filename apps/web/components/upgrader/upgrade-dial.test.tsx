import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { exchangeAllowanceCents } from "../inventory/exchange-dialog";
import { ticketAngle, UpgradeDial } from "./upgrade-dial";

describe("the upgrade dial", () => {
  it("puts a ticket at its share of the circle: inside the zone exactly when it wins", () => {
    expect(ticketAngle(25_000)).toBe(90);
    expect(ticketAngle(100_000)).toBe(360);
    const chance = 23_000;
    expect(ticketAngle(chance)).toBeCloseTo((chance / 100_000) * 360);
    expect(ticketAngle(chance + 1) > ticketAngle(chance)).toBe(true);
  });

  it("draws a landed roll still, at the server's ticket, and says it in words", () => {
    const html = renderToStaticMarkup(
      <UpgradeDial chanceTickets={23_000} roll={{ ticket: 11_811, won: true, landed: true }} skip={false} onLanded={() => {}} />,
    );
    expect(html).toContain('transform="rotate(42.520 100 100)"');
    expect(html).toContain('stroke-dasharray="23000 100000"');
    expect(html).toContain("Chance 23.000 %");
    expect(html).toContain("ticket 11811, inside the zone: won");
  });
});

describe("the exchange's allowance", () => {
  it("is the given value less the fee, rounded down to the cent", () => {
    expect(exchangeAllowanceCents(968n, 500)).toBe(919n);
    expect(exchangeAllowanceCents(1_000n, 0)).toBe(1_000n);
    expect(exchangeAllowanceCents(1n, 500)).toBe(0n);
  });
});
