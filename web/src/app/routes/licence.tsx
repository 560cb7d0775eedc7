import { useParams } from "react-router";
import { LicencePage } from "@/features/licences/components/licence-page";

/** /licences/:licenceId: the public check of a purchase's licence (visitors included, docs/licence.md). */
export function LicenceRoute() {
  const { licenceId = "" } = useParams();
  return <LicencePage key={licenceId} licenceId={licenceId} />;
}
