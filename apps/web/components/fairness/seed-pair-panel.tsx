"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys, trpc } from "../../lib/trpc";
import { ClientSeedRotateForm } from "./client-seed-rotate-form";
import { ErrorAlert } from "../ui/error-alert";
import { RevealedSeedPair, type RotateResult } from "./revealed-seed-pair";
import { SeedPairSummary, type FairnessState } from "./seed-pair-summary";
import type { VerifierPrefill } from "./fairness-verifier";

/** The player's active seed pair, the rotate form and, after rotating, the revealed pair. */
export function SeedPairPanel({ initialSeeds, onVerify }: { initialSeeds: FairnessState; onVerify: (prefill: VerifierPrefill) => void }) {
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState<RotateResult["previous"] | null>(null);
  const seeds = useQuery({ queryKey: queryKeys.fairness.get(), queryFn: () => trpc.fairness.get.query(), initialData: initialSeeds });
  const rotate = useMutation({
    mutationFn: (clientSeed: string | undefined) => trpc.fairness.rotate.mutate(clientSeed ? { clientSeed } : {}),
    onSuccess: (result) => {
      setRevealed(result.previous);
      queryClient.setQueryData(queryKeys.fairness.get(), {
        serverSeedHash: result.current.serverSeedHash,
        clientSeed: result.current.clientSeed,
        nonce: result.current.nonce,
        nextServerSeedHash: result.nextServerSeedHash,
      } satisfies FairnessState);
      void queryClient.invalidateQueries({ queryKey: queryKeys.fairness.get() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.history() });
    },
  });

  async function onRotate(clientSeed: string | undefined): Promise<boolean> {
    try {
      await rotate.mutateAsync(clientSeed);
      return true;
    } catch {
      return false; // shown from rotate.error below
    }
  }

  return (
    <div className="stack">
      <SeedPairSummary seeds={seeds.data} refreshing={seeds.isFetching} />
      <ErrorAlert error={seeds.error} />
      <h3 className="fairness-rotate-title">Change client seed / rotate</h3>
      <p className="small-text muted">
        Changing your client seed rotates the pair: the current server seed is revealed so you can verify its openings, the pre-committed
        next server seed (hash above) becomes active, and the nonce restarts at 0.
      </p>
      <ClientSeedRotateForm busy={rotate.isPending} onRotate={onRotate} />
      <ErrorAlert error={rotate.error} />
      {revealed && (
        <RevealedSeedPair
          previous={revealed}
          onVerify={() =>
            onVerify({
              serverSeed: revealed.serverSeed,
              clientSeed: revealed.clientSeed,
              nonce: "0",
              serverSeedHash: revealed.serverSeedHash,
            })
          }
        />
      )}
    </div>
  );
}
