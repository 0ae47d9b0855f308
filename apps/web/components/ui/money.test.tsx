import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Money } from "./money";

describe("an amount of money", () => {
  it("as a change: a gain with its plus and colour, a loss with its minus and colour, a zero neither", () => {
    expect(renderToStaticMarkup(<Money amount="3.00" signed />)).toBe('<span class="money positive">+$3.00</span>');
    expect(renderToStaticMarkup(<Money amount="-1.49" signed />)).toBe('<span class="money negative">-$1.49</span>');
    expect(renderToStaticMarkup(<Money amount="0.00" signed />)).toBe('<span class="money">$0.00</span>');
    expect(renderToStaticMarkup(<Money amount="-0.00" signed />)).toBe('<span class="money">$0.00</span>');
  });

  it("as an amount: no sign added, no colour", () => {
    expect(renderToStaticMarkup(<Money amount="1234.5" />)).toBe('<span class="money">$1,234.50</span>');
    expect(renderToStaticMarkup(<Money amount="0.00" className="pack-price" />)).toBe('<span class="money pack-price">$0.00</span>');
  });
});
