import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";

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
