import type { ErrorCode, TemplatedCode } from "@loop/rules/error-codes";
import Stripe from "stripe";
import { DomainError } from "../../domain-error";

/** Stripe unreachable, or refusing a call the server made: 502, nothing recorded. */
export function stripeGatewayError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeError && !(error instanceof Stripe.errors.StripeCardError)) {
    return new DomainError("PAYMENT_PROVIDER_UNAVAILABLE", { cause: error });
  }
  return error;
}

export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/** Stripe's answer to `retrieve`: an object Stripe does not have is `missing` (a refusal), any other failure stripeGatewayError's. */
export async function retrieveFromStripe<T>(retrieve: () => Promise<T>, missing: Exclude<ErrorCode, TemplatedCode>): Promise<T> {
  try {
    return await retrieve();
  } catch (error) {
    if (isResourceMissing(error)) throw new DomainError(missing);
    throw stripeGatewayError(error);
  }
}
