// The pack as the fairness verifier and its result view both see it: a file of its own, so the
// two components do not import each other.
export interface VerifierPackItem {
  itemId: string;
  name: string;
  rarity: string;
  ticketFrom: number;
  ticketTo: number;
}

/** A pack as the verifier needs it: its current ticket ranges. */
export interface VerifierPack {
  slug: string;
  name: string;
  oddsVersion: number;
  oddsHash: string;
  items: VerifierPackItem[];
}
