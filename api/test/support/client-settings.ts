// The platform settings every page reads (GET /api/config's `settings`) as a test app starts with them:
// the migrations' defaults, the support address of the test configuration.
export const DEFAULT_CLIENT_SETTINGS = {
  formatFeeBps: { mp3: 200, wav: 400 },
  minWithdrawal: "10.00000000",
  offerExpiryHours: 168,
  supportEmail: "support@loop.local",
  minOfferCents: 50,
  maxPriceImpactBps: 500,
};
