/** The Make Offer dialog as a card opens it ("Make Offer on {title}"), its API calls answered by `routes` (tests only). */
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { OpenedByButton, renderWithApi } from "@/testing/render-with-api";
import type { ApiRoutes } from "@/testing/stub-api";
import { MakeOfferDialog } from "../components/make-offer-dialog";

export function renderMakeOffer(loop: PublicLoop, routes: ApiRoutes) {
  return renderWithApi(
    <OpenedByButton
      label={`Make Offer on ${loop.title}`}
      dialog={(open, onOpenChange) => <MakeOfferDialog loop={loop} open={open} onOpenChange={onOpenChange} />}
    />,
    routes,
  );
}
