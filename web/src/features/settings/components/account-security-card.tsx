import { ExternalLink, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Account Security: shown only when an OpenID Connect provider manages sign-in. */
export function AccountSecurityCard({ accountUrl }: { accountUrl: string }) {
  return (
    <Card aria-labelledby="account-security-title">
      <CardHeader>
        <CardTitle id="account-security-title">
          <ShieldCheck className="size-5 text-violet-300" aria-hidden />
          Account Security
        </CardTitle>
        <CardDescription>Your password and sign-in security are managed by your identity provider.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <a href={accountUrl} target="_blank" rel="noopener noreferrer">
            Manage account security
            <ExternalLink aria-hidden />
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
