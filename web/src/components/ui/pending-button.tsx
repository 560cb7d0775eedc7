import { Loader2, type LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "./button";

export interface PendingButtonProps extends ButtonProps {
  /** Under way: a spinner takes the icon's place and the button is disabled. */
  pending: boolean;
  /** The icon before the label. */
  icon?: LucideIcon;
}

/** A button whose action is under way while `pending` (spinner, disabled); `disabled` adds other reasons. */
export function PendingButton({ pending, icon: Icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : Icon ? <Icon aria-hidden /> : null}
      {children}
    </Button>
  );
}
