import { describe, expect, it } from "vitest";
import { itemCount, seatDoes, winnerWords, type BattleSeatView } from "./battle-shapes";

const seat = (index: number, team: number, who: Partial<BattleSeatView> = {}): BattleSeatView => ({
  seat: index,
  team,
  you: false,
  bot: false,
  player: null,
  clientSeed: "seed",
  ...who,
});

describe("battle wording", () => {
  it("agrees the verb with the seat", () => {
    expect(seatDoes(seat(0, 0, { you: true }), 0, "take")).toBe("You take");
    expect(seatDoes(seat(1, 1, { bot: true }), 1, "take")).toBe("Bot 2 takes");
    expect(seatDoes(seat(2, 2, { player: "ada" }), 2, "take")).toBe("ada (seat 3) takes");
  });

  it("counts items", () => {
    expect(itemCount(1)).toBe("1 item");
    expect(itemCount(6)).toBe("6 items");
  });

  it("names the winning seat, or the winning team in a team layout", () => {
    const oneOnOne = [seat(0, 0, { you: true }), seat(1, 1, { bot: true })];
    expect(winnerWords({ layout: "1v1", seats: oneOnOne, winnerTeam: 0 })).toBe("You win");
    expect(winnerWords({ layout: "1v1", seats: oneOnOne, winnerTeam: 1 })).toBe("Bot 2 wins");
    const twoOnTwo = [seat(0, 0, { you: true }), seat(1, 0, { bot: true }), seat(2, 1, { bot: true }), seat(3, 1, { bot: true })];
    expect(winnerWords({ layout: "2v2", seats: twoOnTwo, winnerTeam: 0 })).toBe("Your team wins");
    expect(winnerWords({ layout: "2v2", seats: twoOnTwo, winnerTeam: 1 })).toBe("Team 2 wins");
  });
});
