/** A loop card with the toaster, its API calls answered by `routes` (tests only). */
import type { PublicLoop } from "@loop/rules/schemas/loops";
import { Toaster } from "@/components/ui/toaster";
import { renderWithProviders } from "@/testing/test-utils";
import { LoopCard } from "../components/loop-card";
import { stubApi, type Handler } from "./loop-fixtures";

export function renderCard(loop: PublicLoop, routes: Record<string, Handler>) {
  const fetchMock = stubApi(routes);
  const result = renderWithProviders(
    <>
      <LoopCard loop={loop} />
      <Toaster />
    </>,
  );
  return { ...result, fetchMock };
}
