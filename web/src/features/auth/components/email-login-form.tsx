import { emailLoginSchema } from "@loop/rules/schemas/auth";
import { ArrowRight, MailCheck } from "lucide-react";
import type { FormEvent } from "react";
import { EmailAddressInput, SuccessIcon, useEmailForm } from "@/components/email-address-input";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { useRequestEmailLink } from "../api/request-email-link";

/** E-mail sign-in: POST /api/auth/email, then shows the server's answer ("Check your inbox…"). */
export function EmailLoginForm() {
  const request = useRequestEmailLink();
  const { inputId, errorId, email, setEmail, checked, error } = useEmailForm(
    emailLoginSchema,
    request,
    "Could not send the sign-in link. Please try again.",
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = checked();
    if (body) request.mutate(body);
  }

  if (request.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status" data-testid="email-login-sent">
        <SuccessIcon icon={MailCheck} />
        <p className="text-base font-semibold">{request.data.message}</p>
        <p className="text-sm text-muted-foreground">
          We sent it to <span className="font-medium text-foreground">{request.variables.email}</span>. The link works once and expires
          soon.
        </p>
        <Button variant="link" onClick={() => request.reset()}>
          Use a different e-mail
        </Button>
      </div>
    );
  }

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Sign in with e-mail">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>E-mail address</Label>
        <EmailAddressInput
          id={inputId}
          errorId={errorId}
          error={error}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
          autoFocus
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? "Sending…" : "Send sign-in link"}
        {request.isPending ? null : <ArrowRight aria-hidden />}
      </Button>
    </form>
  );
}
