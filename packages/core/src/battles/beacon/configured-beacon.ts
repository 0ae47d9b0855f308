import { serviceEnv } from "../../service-env.ts";
import type { Beacon } from "./beacon.ts";
import { beaconEnv, type BeaconEnv } from "./beacon-env.ts";
import { DrandBeacon } from "./drand-beacon.ts";
import { LocalBeacon } from "./local-beacon.ts";

/**
 * The beacon battles use: BATTLE_BEACON, by default the local beacon in demo mode and drand
 * otherwise. The local beacon's key is the operator's, who could compute its rounds in advance,
 * so outside demo mode it is refused: there a battle is fair against the operator only with drand.
 */
export async function configuredBeacon(env: BeaconEnv = beaconEnv(), options: { dataDir?: string } = {}): Promise<Beacon> {
  const { demoMode } = serviceEnv();
  const kind = env.beacon ?? (demoMode ? "local" : "drand");
  if (kind === "local" && !demoMode)
    throw new Error("Invalid beacon environment: BATTLE_BEACON=local is for demo mode only; use drand (the default) outside it.");
  return kind === "local" ? await LocalBeacon.open(options) : new DrandBeacon(env.drand);
}
