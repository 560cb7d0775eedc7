import { emailChangeRequestSchema } from "@loop/rules/schemas/email-change";
import { MailCheck, MailPlus, Pencil } from "lucide-react";
import { type FormEvent, useState } from "react";
import { EmailAddressInput, SuccessIcon, useEmailForm } from "@/components/email-address-input";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "@/components/ui/dialog";
import { DialogForm } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { useRequestEmailChange } from "../api/request-email-change";

export const SEND_FAILED_FALLBACK = "Could not send the confirmation link. Please try again.";

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
 * page is confirmed, signed in to this account.
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
  const adding = currentEmail === null;
  const title = adding ? "Add an e-mail address" : "Change your e-mail address";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog may open from inside another form (the profile's): React bubbles events through portals.
    event.stopPropagation();
    if (request.isPending) return;
    const body = checked();
    if (body) request.mutate(body);
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
        error={error}
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
            error={error}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setValidationError(null);
              if (request.isError) request.reset();
            }}
            autoFocus
          />
        </div>
      </DialogForm>
    </>
  );
}
