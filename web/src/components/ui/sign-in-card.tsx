import type { LucideIcon } from "lucide-react";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

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
export function SignInCard({ icon: Icon, title, text, action = "Sign in", onSignIn }: SignInCardProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24">
      <Card className="w-full p-10 text-center">
        <Icon className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        <Button size="lg" className="mt-6" onClick={onSignIn}>
          <LogIn aria-hidden />
          {action}
        </Button>
      </Card>
    </div>
  );
}
