import type { ComponentProps } from "react";
import { Label } from "./label";
import { Textarea } from "./textarea";

export interface MessageFieldProps extends Omit<ComponentProps<typeof Textarea>, "id" | "value" | "maxLength" | "rows"> {
  id: string;
  value: string;
  maxLength: number;
  label?: string;
}

/** An optional message (e.g. with an offer or a response), with how many characters are left. */
export function MessageField({ id, value, maxLength, label = "Message (optional)", ...props }: MessageFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} value={value} maxLength={maxLength} rows={3} {...props} />
      <p className="text-right text-xs text-muted-foreground" aria-live="polite">
        {value.length}/{maxLength}
      </p>
    </div>
  );
}
