import { FIAT_PAYMENT_MESSAGES } from "@loop/rules/schemas/fiat-payments";
import Stripe from "stripe";
import { BadGateway } from "../../http/errors";

/** Stripe unreachable, or refusing a call the server made: 502, nothing recorded. */
export function stripeGatewayError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeError && !(error instanceof Stripe.errors.StripeCardError)) {
    return new BadGateway(FIAT_PAYMENT_MESSAGES.providerUnavailable, { cause: error });
  }
  return error;
}

export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}
