import type { CurrentUser } from "@loop/rules/api-types";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { SignInCard } from "@/components/ui/sign-in-card";
import { PageSpinner } from "@/components/ui/spinner";

/** What the route gives a page that needs an account: the viewer (once known) and how to sign in. */
export interface MembersOnlyPageProps {
  user: CurrentUser | null;
  isLoading: boolean;
  /** Opens the Join dialog. */
  onSignIn: () => void;
}

export interface MembersOnlyProps extends MembersOnlyPageProps {
  /** The spinner's label while the session loads ("Loading your library"). */
  loadingLabel: string;
  /** The sign-in prompt's icon, title ("Sign In Required" unless given) and text, for a visitor. */
  icon: LucideIcon;
  title?: string;
  signInText: string;
  /** The page itself, for the signed-in viewer. */
  children: (user: CurrentUser) => ReactNode;
}

/** A page for members: a spinner while the session loads, a sign-in prompt signed out, else the page. */
export function MembersOnly({
  user,
  isLoading,
  onSignIn,
  loadingLabel,
  icon,
  title = "Sign In Required",
  signInText,
  children,
}: MembersOnlyProps) {
  if (isLoading) return <PageSpinner label={loadingLabel} />;
  if (!user) return <SignInCard icon={icon} title={title} text={signInText} onSignIn={onSignIn} />;
  return children(user);
}
