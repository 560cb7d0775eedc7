import type { LucideIcon } from "lucide-react";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageNotice } from "@/components/ui/page-notice";

export interface SignInCardProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** The button's words (default "Sign in"). */
  action?: string;
  /** Opens the Join dialog. */
  onSignIn: () => void;
}

/** A page that needs an account, seen signed out: what it is about and a button to sign in. */
export function SignInCard({ icon, title, text, action = "Sign in", onSignIn }: SignInCardProps) {
  return (
    <PageNotice icon={icon} title={title} text={text}>
      <Button size="lg" className="mt-6" onClick={onSignIn}>
        <LogIn aria-hidden />
        {action}
      </Button>
    </PageNotice>
  );
}
