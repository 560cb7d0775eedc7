import { UserRound } from "lucide-react";
import { SignInCard } from "@/components/ui/sign-in-card";

/** /profile signed out: the own profile needs an account (docs/product.md#visitors); the button opens the Join dialog. */
export function SignInRequired({ onSignIn }: { onSignIn: () => void }) {
  return (
    <SignInCard
      icon={UserRound}
      title="Please log in"
      text="Sign in to see and edit your profile and your loops."
      action="Log in"
      onSignIn={onSignIn}
    />
  );
}
