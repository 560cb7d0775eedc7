import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToasterHost } from "@/components/toaster-host";
import { queryClient as defaultQueryClient } from "@/lib/query-client";
import { WalletHost } from "@/lib/wallet/wallet-host";

/** App-wide providers: TanStack Query, toasts and the lazily loaded wallet stack. */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
      <WalletHost />
    </QueryClientProvider>
  );
}
