import { ChevronRight, Mail, Wallet } from "lucide-react";
import { BrandMark } from "@/components/brand";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { LOGIN_URL } from "@/lib/navigation";

export interface JoinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onWallet: () => void;
}

const optionClass =
  "group flex w-full cursor-pointer items-center gap-4 rounded-lg border border-border bg-surface p-4 text-left transition-all hover:border-primary/60 hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-ring";

/** 'Join': sign up or sign in with e-mail (full-page /api/login) or with a wallet. */
export function JoinDialog({ open, onOpenChange, onWallet }: JoinDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader className="items-center text-center">
          <BrandMark className="mb-2 size-12" />
          <DialogTitle>Join</DialogTitle>
          <DialogDescription>Create your LOOP account or sign back in. New members get 500 LOOP.</DialogDescription>
        </DialogHeader>

        <div className="mt-6 grid gap-3">
          {/* Named by their text (title and hint), with no aria-label: a label that left out the visible
              hint was flagged by axe as a name that does not match the text (WCAG 2.5.3), in some runs. */}
          <a href={LOGIN_URL} className={optionClass}>
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-violet-200">
              <Mail className="size-5" aria-hidden />
            </span>
            <span className="flex-1">
              <span className="block font-semibold">Sign up or sign in with e-mail</span>
              <span className="block text-xs text-muted-foreground">We e-mail you a one-time sign-in link</span>
            </span>
            <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
          </a>

          <button type="button" className={optionClass} onClick={onWallet}>
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent/15 text-pink-200">
              <Wallet className="size-5" aria-hidden />
            </span>
            <span className="flex-1">
              <span className="block font-semibold">Sign up or sign in with a wallet</span>
              <span className="block text-xs text-muted-foreground">Connect and sign a message, no gas needed</span>
            </span>
            <ChevronRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
          </button>
        </div>

        <p
          className="mt-5 rounded-md border border-border/70 bg-muted/40 px-3 py-2.5 text-center text-xs leading-relaxed text-muted-foreground"
          data-testid="join-dialog-note"
        >
          Wallet login works with MetaMask, Rabby and other browser wallets. New users get accounts created automatically.
        </p>
      </DialogContent>
    </Dialog>
  );
}
