import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

export interface WalletFlowOptions<V, R, S extends string> {
  /** Runs the flow (e.g. runWalletOffer with the loaded wallet), announcing its steps. */
  run: (variables: V, onStep: (step: S) => void) => Promise<R>;
  /** The queries fetched again once the flow has settled; it is pending until they are. */
  refresh: readonly QueryKey[];
}

/** A wallet flow as a mutation, with the step it is at (null when idle) for the dialog to show. */
export function useWalletFlow<V, R, S extends string>({ run, refresh }: WalletFlowOptions<V, R, S>) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<S | null>(null);
  const mutation = useMutation({
    mutationFn: (variables: V) => run(variables, setStep),
    onSettled: () => {
      setStep(null);
      return Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return { mutation, step };
}
