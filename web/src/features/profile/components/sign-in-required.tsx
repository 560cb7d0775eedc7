import { LogIn, UserRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** /profile signed out: the own profile needs an account (spec §6); the button opens the Join dialog. */
export function SignInRequired({ onSignIn }: { onSignIn: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24">
      <Card className="w-full p-10 text-center">
        <UserRound className="mx-auto size-10 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold">Please log in</h1>
        <p className="mt-2 text-sm text-muted-foreground">Sign in to see and edit your profile and your loops.</p>
        <Button size="lg" className="mt-6" onClick={onSignIn}>
          <LogIn aria-hidden />
          Log in
        </Button>
      </Card>
    </div>
  );
}
