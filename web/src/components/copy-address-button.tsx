import { Check, Copy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { COPY_TOASTS } from "@/lib/wallet/wallet-errors";
import { Button } from "./ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

/** docs/product.md#states: copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

/** Copies a wallet address; shows a check for 2 s and an 'Address Copied' toast, or 'Copy Failed'. */
export function CopyAddressButton({ address, className, label = "Copy address" }: { address: string; className?: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(address);
      setCopied(true);
      toast(COPY_TOASTS.copied(address));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    } catch {
      toast(COPY_TOASTS.failed(address));
    }
  }

  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className={cn("shrink-0", className)}
          onClick={() => void copy()}
          aria-label={copied ? "Address copied" : label}
        >
          {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{copied ? "Copied!" : label}</TooltipContent>
    </Tooltip>
  );
}
