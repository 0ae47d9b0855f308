import { serviceEnv } from "../../service-env.ts";
import type { Beacon } from "./beacon.ts";
import { beaconEnv, type BeaconEnv } from "./beacon-env.ts";
import { DrandBeacon } from "./drand-beacon.ts";
import { LocalBeacon } from "./local-beacon.ts";

/**
 * Which beacon battles use: BATTLE_BEACON, by default the local beacon in demo mode and drand
 * otherwise. The local beacon's key is the operator's, who could compute its rounds in advance,
 * so outside demo mode it is refused: there a battle is fair against the operator only with drand.
 */
export function configuredBeaconKind(env: BeaconEnv = beaconEnv()): "drand" | "local" {
  const { demoMode } = serviceEnv();
  const kind = env.beacon ?? (demoMode ? "local" : "drand");
  if (kind === "local" && !demoMode)
    throw new Error("Invalid beacon environment: BATTLE_BEACON=local is for demo mode only; use drand (the default) outside it.");
  return kind;
}

/** The beacon of configuredBeaconKind: the data folder's local beacon, or drand over DRAND_URLS. */
export async function configuredBeacon(env: BeaconEnv = beaconEnv(), options: { dataDir?: string } = {}): Promise<Beacon> {
  return configuredBeaconKind(env) === "local" ? await LocalBeacon.open(options) : new DrandBeacon(env.drand);
}
