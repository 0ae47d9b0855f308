// The battle verifier's answer, check by check: verifyBattle (@prizepacks/fairness) returns the
// problems it found in words; the proof panel shows every check with a pass or a fail, so each
// problem is put under the check it belongs to. Kept apart from the component, with its tests.
import type { BattleVerification } from "@prizepacks/fairness";

export interface BattleCheck {
  key: string;
  label: string;
  passed: boolean;
  problems: string[];
}

const CHECKS: Array<{ key: string; label: string; owns: (problem: string) => boolean }> = [
  { key: "commitment", label: "sha256(serverSeed) is the commitment published at creation", owns: (p) => /commitment/.test(p) },
  {
    key: "spec",
    label: "The spec is canonical (RFC 8785) and sha256(spec) is the specHash",
    owns: (p) => /\bspec\b|specHash|JSON|layout/.test(p) && !/odds/.test(p),
  },
  { key: "odds", label: "Each round's public odds hash to the spec's oddsHash", owns: (p) => /odds/.test(p) },
  { key: "seats", label: "The seats fill the layout, bots use bot-<seat>", owns: (p) => /seat/.test(p) },
  { key: "lockKey", label: "K = sha256(specHash | client seeds) is the key announced at lock", owns: (p) => /^K /.test(p) },
  {
    key: "bls",
    label: "The beacon round's BLS signature verifies against the chain's public key, the chain the spec names",
    owns: (p) => /BLS/.test(p),
  },
  { key: "beacon", label: "The beacon randomness is sha256(signature)", owns: (p) => /beacon/.test(p) },
  { key: "draws", label: "Every draw re-derives from G to the same ticket and item", owns: (p) => /draws/.test(p) },
  { key: "result", label: "The totals and the winner follow", owns: (p) => /totals|winner/.test(p) },
  { key: "payouts", label: "The items are split as published", owns: (p) => /payouts/.test(p) },
];

/**
 * Every check with its verdict. `announcedLockKey` is the K the battle announced when it locked
 * (compared with the recomputed one when given); `otherProblems`, what the caller found itself
 * (the public odds versions), in the same words.
 */
export function battleChecks(
  verification: BattleVerification,
  announcedLockKey: string | null,
  otherProblems: string[] = [],
): BattleCheck[] {
  const problems = [...otherProblems, ...verification.problems];
  if (announcedLockKey && verification.recomputed && verification.recomputed.lockKey !== announcedLockKey) {
    problems.push("K recomputed from the seeds is not the K announced at lock");
  }
  const claimed = new Set<string>();
  const checks = CHECKS.map(({ key, label, owns }) => {
    const mine = problems.filter((problem) => !claimed.has(problem) && owns(problem));
    for (const problem of mine) claimed.add(problem);
    return { key, label, passed: mine.length === 0 && verification.recomputed !== null, problems: mine };
  });
  const unclaimed = problems.filter((problem) => !claimed.has(problem));
  return unclaimed.length > 0 ? [...checks, { key: "other", label: "Other checks", passed: false, problems: unclaimed }] : checks;
}
