import type { LucideIcon } from "lucide-react";
import { type ComponentProps, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { getServerMessage } from "@/lib/api-client";

/** A schema of `{ email }` (the shared rules' zod schemas fit). */
export interface EmailSchema<B> {
  safeParse(input: { email: string }): { success: true; data: B } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * An e-mail address form's state: the ids of its input and its message, the typed address, and
 * `error`: the check's message, or the server's (`failedText` when it gave none) after a failed send.
 */
export function useEmailForm<B>(schema: EmailSchema<B>, request: { isError: boolean; error: unknown }, failedText: string) {
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [validationError, setValidationError] = useState<string | null>(null);

  /** The typed address checked with the schema: the body to send, or null (its first message then shows). */
  const checked = (): B | null => {
    const parsed = schema.safeParse({ email });
    setValidationError(parsed.success ? null : (parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address"));
    return parsed.success ? parsed.data : null;
  };

  const error = validationError ?? (request.isError ? getServerMessage(request.error, failedText) : null);
  return { inputId, errorId, email, setEmail, setValidationError, checked, error };
}

export interface EmailAddressInputProps extends Omit<ComponentProps<"input">, "type" | "name"> {
  /** The id of the message that explains `error`. */
  errorId: string;
  /** The field's error, if any: marks it invalid and described by `errorId`. */
  error: string | null;
}

/** An e-mail address input (name "email", e-mail keyboard and autofill), invalid while there is an error. */
export function EmailAddressInput({ errorId, error, ...props }: EmailAddressInputProps) {
  return (
    <Input
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      {...props}
    />
  );
}

/** A large round success icon over a done message (a link was sent, an address confirmed). */
export function SuccessIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="inline-flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
      <Icon className="size-6" aria-hidden />
    </span>
  );
}
