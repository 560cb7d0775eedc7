import { paths } from "@loop/rules/paths";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageNotice } from "@/components/ui/page-notice";

export interface NotFoundNoticeProps {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Where to go instead, and the button's words: home ("Go home") unless given. */
  to?: string;
  linkText?: string;
}

/** A page whose record does not exist (a 404): why, and a link elsewhere. */
export function NotFoundNotice({ icon, title, text, to = paths.root(), linkText = "Go home" }: NotFoundNoticeProps) {
  return (
    <PageNotice icon={icon} title={title} text={text}>
      <Button asChild className="mt-6">
        <Link to={to}>{linkText}</Link>
      </Button>
    </PageNotice>
  );
}
