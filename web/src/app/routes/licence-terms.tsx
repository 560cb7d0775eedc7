import { LicenceTermsPage } from "@/features/licences/components/licence-terms-page";

/** /licence: the licence's full text (docs/licence.md), for anyone. */
export function LicenceTermsRoute() {
  return <LicenceTermsPage />;
}
