import { emailChangeRequestSchema, type EmailChangeRequestBody } from "@loop/rules/schemas/email-change";
import { LogIn, MailCheck, MailPlus, Pencil, Wallet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { EmailAddressInput, SuccessIcon, useEmailForm } from "@/components/email-address-input";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { apiRequest, errorStatus, getServerMessage } from "@/lib/api-client";
import { getNonce, useUser } from "@/lib/auth";
import { fullPageNavigate, LOGIN_URL } from "@/lib/navigation";
import { WalletModalClosedError } from "@/lib/wallet/wallet-errors";
import { loadWallet } from "@/lib/wallet/wallet-store";
import { useRequestEmailChange } from "../api/request-email-change";

export const SEND_FAILED_FALLBACK = "Could not send the confirmation link. Please try again.";
export const WALLET_SIGN_FAILED = "Your wallet did not sign the message. Please try again, or sign in again.";

/** The API's refusal of a session signed in too long ago (EMAIL_CHANGE_MESSAGES.signInAgain / walletProofInvalid). */
function asksToSignInAgain(error: unknown): boolean {
  return errorStatus(error) === 403 && getServerMessage(error, "").startsWith("Sign In Again:");
}

/** Signs out, then to the sign-in page (the e-mail link, the wallet, or the provider): a new session is a recent sign-in. */
async function signInAgain(): Promise<void> {
  try {
    await apiRequest("POST", "/api/logout");
  } finally {
    fullPageNavigate(LOGIN_URL);
  }
}

export interface EmailChangeDialogProps {
  /** The account's address now; null for an account without one (wallet-only). */
  currentEmail: string | null;
  /** The trigger button's look. */
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}

/**
 * "Add e-mail" (no address yet) or "Change e-mail": a dialog that mails a confirmation link to the new
 * address (POST /api/profile/email), then says to check that inbox. Nothing changes until the link's
 * page is confirmed, signed in to this account. A session signed in too long ago is refused ("Sign In
 * Again: …"): the dialog then offers to sign the message with the account's wallet (sent with the
 * address) or to sign in again.
 */
export function EmailChangeDialog({ currentEmail, variant = "outline", size = "sm" }: EmailChangeDialogProps) {
  const [open, setOpen] = useState(false);
  const adding = currentEmail === null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} size={size}>
          {adding ? <MailPlus aria-hidden /> : <Pencil aria-hidden />}
          {adding ? "Add e-mail" : "Change e-mail"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted only while open: every opening starts with an empty form. */}
        {open ? <EmailChangeForm currentEmail={currentEmail} onDone={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EmailChangeForm({ currentEmail, onDone }: { currentEmail: string | null; onDone: () => void }) {
  const request = useRequestEmailChange();
  const { inputId, errorId, email, setEmail, setValidationError, checked, error } = useEmailForm(
    emailChangeRequestSchema,
    request,
    SEND_FAILED_FALLBACK,
  );
  const { user } = useUser();
  const [signing, setSigning] = useState(false);
  const [walletError, setWalletError] = useState<string | null>(null);
  const adding = currentEmail === null;
  const title = adding ? "Add an e-mail address" : "Change your e-mail address";
  const mustSignInAgain = request.isError && asksToSignInAgain(request.error);

  function send(body: EmailChangeRequestBody) {
    setWalletError(null);
    request.mutate(body);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open from inside another form (the profile's): React bubbles events through portals.
    event.stopPropagation();
    if (request.isPending || signing) return;
    const body = checked();
    if (body) send(body);
  }

  /**
   * A session signed in too long ago: a fresh Sign-In with Ethereum message signed by the account's
   * wallet stands for signing in again, sent with the address (the wallet stack loads on first use).
   */
  async function signWithWallet() {
    const body = checked();
    if (!body || signing) return;
    setSigning(true);
    setWalletError(null);
    try {
      const wallet = await loadWallet();
      await wallet.connect();
      const signed = await wallet.signSiweMessage(await getNonce());
      send({ ...body, proof: { address: signed.address, signature: signed.signature, message: signed.message } });
    } catch (error) {
      // Closing the wallet's window is no failure: the choice stays open.
      if (!(error instanceof WalletModalClosedError)) setWalletError(WALLET_SIGN_FAILED);
    } finally {
      setSigning(false);
    }
  }

  if (request.isSuccess) {
    return (
      <>
        <DialogHeading title={title} description="Almost done: confirm the address from your inbox." />
        <div className="mt-5 flex flex-col items-center gap-3 text-center" role="status" data-testid="email-change-sent">
          <SuccessIcon icon={MailCheck} />
          <p className="text-base font-semibold break-words">{request.data.message}</p>
          <p className="text-sm text-muted-foreground">
            Open the link in the e-mail while signed in to this account. It works once and expires in an hour.
            {adding ? null : ` Until then, ${currentEmail} stays your address.`}
          </p>
          <div className="mt-2 flex gap-2">
            <Button variant="ghost" onClick={() => request.reset()}>
              Use a different address
            </Button>
            <Button onClick={onDone}>Done</Button>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <DialogHeading
        title={title}
        description={
          adding
            ? "We send a confirmation link to the address. Once you confirm it, receipts and order confirmations go there, and you can sign in with it too."
            : `Your address is ${currentEmail}. We send a confirmation link to the new address; once you confirm it, it replaces the old one, which we tell about the change.`
        }
      />
      <DialogForm
        onSubmit={submit}
        error={walletError ?? error}
        errorId={errorId}
        pending={request.isPending}
        submitLabel="Send confirmation link"
        pendingLabel="Sending…"
        submitClassName="w-full"
      >
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{adding ? "E-mail address" : "New e-mail address"}</Label>
          <EmailAddressInput
            id={inputId}
            errorId={errorId}
            error={walletError ?? error}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setValidationError(null);
              setWalletError(null);
              if (request.isError && !mustSignInAgain) request.reset();
            }}
            autoFocus
          />
        </div>
      </DialogForm>
      {mustSignInAgain ? (
        <div
          role="group"
          aria-label="Confirm it is you"
          className="mt-4 flex flex-wrap justify-end gap-2"
          data-testid="email-sign-in-again"
        >
          {user?.walletAddress ? (
            <Button variant="outline" onClick={() => void signWithWallet()} disabled={signing || request.isPending}>
              <Wallet aria-hidden />
              {signing ? "Waiting for your wallet…" : "Sign with your wallet"}
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => void signInAgain()} disabled={signing}>
            <LogIn aria-hidden />
            Sign in again
          </Button>
        </div>
      ) : null}
    </>
  );
}
