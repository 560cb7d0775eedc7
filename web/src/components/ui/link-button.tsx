import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, type ButtonProps } from "./button";

export interface LinkButtonProps extends Pick<ButtonProps, "variant" | "size" | "className"> {
  to: string;
  onClick?: () => void;
  /** The icon before the text. */
  icon: LucideIcon;
  children: ReactNode;
}

/** A router link that looks like a button, with an icon before its text. */
export function LinkButton({ to, onClick, icon: Icon, children, ...button }: LinkButtonProps) {
  return (
    <Button asChild {...button}>
      <Link to={to} onClick={onClick}>
        <Icon aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
