import { paths } from "@loop/rules/paths";
import { Link2 } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";

/** Paying or offering from a wallet needs one linked to the account: says so, with the way to Settings. */
export function LinkWalletNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100"
    >
      <p>{message}</p>
      <LinkButton to={paths.settings()} icon={Link2} size="sm" variant="outline">
        Open Settings
      </LinkButton>
    </div>
  );
}
