/**
 * Every error answer of the API is `{ message, code, fields? }` (docs/conventions.md#errors): `code`
 * is a stable machine name from this one list, with its HTTP status and its message. A message is a
 * text, or a template whose typed parameters (amounts, limits, dates, a provider's reason) fill it:
 * the API never answers a text that is not written here. Programs (the web app, scripts, other
 * clients) decide by `code`, never by the message text, which is for people and may be reworded.
 *
 * The texts come from the rules that own them (the `*_MESSAGES` beside each schema) or are written
 * here. This module loads those schema modules: the web imports only its types (the first page
 * loads no schema, docs/conventions.md#web).
 */
import { bannedMessage } from "./bans";
import { PROFILE_MESSAGES } from "./profile-messages";
import { promotionalRefusalMessage } from "./promotional-loop";
import { formatLoopBrief, formatUsd } from "./units";
import { ADMIN_MESSAGES } from "./schemas/admin";
import { ADMIN_LOOP_MESSAGES } from "./schemas/admin-loops";
import { ADMIN_USER_MESSAGES } from "./schemas/admin-users";
import { COLLECTION_MESSAGES } from "./schemas/collections";
import { DOWNLOAD_MESSAGES } from "./schemas/downloads";
import { EMAIL_CHANGE_MESSAGES } from "./schemas/email-change";
import { FAUCET_MESSAGES } from "./schemas/faucet";
import { FIAT_PAYMENT_MESSAGES } from "./schemas/fiat-payments";
import { FOLLOW_MESSAGES } from "./schemas/follows";
import { LIBRARY_MESSAGES } from "./schemas/library";
import { LICENCE_MESSAGES } from "./schemas/licences";
import {
  LOOP_EDIT_MESSAGES,
  sampleRateTooHighMessage,
  storageQuotaMessage,
  storageQuotaNeedMessage,
  UPLOAD_MESSAGES,
  uploadRateLimitMessage,
} from "./schemas/loops";
import { MY_LOOPS_MESSAGES } from "./schemas/my-loops";
import { NEGOTIATION_MESSAGES, offerBelowMinimumMessage } from "./schemas/negotiations";
import { NOTIFICATION_MESSAGES, TOO_MANY_NOTIFICATIONS } from "./schemas/notifications";
import { SETTINGS_MESSAGES } from "./schemas/platform-settings";
import { insufficientLoopMessage, PURCHASE_MESSAGES, WALLET_PURCHASE_MESSAGES } from "./schemas/purchases";
import { RATING_MESSAGES } from "./schemas/ratings";
import { SETTLEMENT_DISCREPANCY_MESSAGES } from "./schemas/settlement-discrepancies";
import { loopText, TOKEN_ORDER_MESSAGES, TOO_MANY_ORDERS, type TokenOrderStatus } from "./schemas/token-orders";
import { TOKEN_MESSAGES } from "./schemas/tokens";
import { invalidStatusChangeMessage, WITHDRAWAL_MESSAGES, type WithdrawalStatus } from "./schemas/withdrawals";

/** Why a signed sign-in message (EIP-4361) is refused: `Invalid sign-in message: {reason}`. */
export type SiweRefusal =
  | "malformed message"
  | "wrong domain"
  | "wrong URI"
  | "wrong scheme"
  | "unsupported chain"
  | "the address does not match the message"
  | "issued in the future"
  | "the message has expired"
  | "the message is not valid yet"
  | "the signature does not match the address"
  | "unknown, expired or already used nonce";

/** A code's message: a text, or a template of its typed parameters. */
type Message = string | ((params: never) => string);

export const ERROR_CODES = {
  // ── Generic: what the HTTP layer answers itself, and a status that no precise code names ──
  /** Express' own refusal of a request (an encoding it cannot read, …). */
  BAD_REQUEST: { status: 400, message: "Invalid request" },
  /** A body, query or parameter that fails its shared schema: the first issue's message (rules/src/schemas), `fields` names each failing path. */
  VALIDATION_FAILED: { status: 400, message: ({ issue }: { issue: string }) => issue },
  MALFORMED_JSON: { status: 400, message: "Malformed JSON in request body" },
  /** No session, or an expired one. */
  UNAUTHORIZED: { status: 401, message: "Unauthorized" },
  PAYMENT_REQUIRED: { status: 402, message: "Payment required" },
  FORBIDDEN: { status: 403, message: "Forbidden" },
  NOT_FOUND: { status: 404, message: "Not found" },
  CONFLICT: { status: 409, message: "Conflict" },
  GONE: { status: 410, message: "Gone" },
  /** A JSON body over the 100 kB limit. */
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  UNPROCESSABLE: { status: 422, message: "Unprocessable request" },
  /** A per-IP limit (sign-in, e-mail links, plays, client errors). */
  RATE_LIMITED: { status: 429, message: "Too many requests, please try again later." },
  INTERNAL: { status: 500, message: "Internal server error" },
  UPSTREAM_FAILED: { status: 502, message: "An upstream service failed, please try again later." },
  UNAVAILABLE: { status: 503, message: "Service unavailable, please try again later." },

  // ── Every route: the request itself ──
  /** No route for the method and path under /api (and /metrics when it is off). */
  ROUTE_NOT_FOUND: { status: 404, message: ({ method, path }: { method: string; path: string }) => `No route for ${method} ${path}` },
  /** A state-changing call whose Origin (or Referer) is not the app's. */
  CROSS_SITE_REFUSED: { status: 403, message: "Cross-site request refused" },
  /** The signed-in account is banned: the app reloads the user to show it. */
  ACCOUNT_BANNED: { status: 403, message: ({ reason }: { reason: string | null }) => bannedMessage(reason) },
  ADMIN_REQUIRED: { status: 403, message: "Access Denied: You need admin privileges to access this page." },
  IDEMPOTENCY_KEY_INVALID: { status: 400, message: TOKEN_MESSAGES.idempotencyKeyInvalid },
  /** The key was used with another request: never kept as the key's answer. */
  IDEMPOTENCY_KEY_REUSED: { status: 409, message: TOKEN_MESSAGES.idempotencyKeyReused },
  /** A `Range` header past the end of an audio file. */
  RANGE_NOT_SATISFIABLE: { status: 416, message: "Range Not Satisfiable" },
  /** GET /metrics without the metrics token. */
  METRICS_TOKEN_REQUIRED: {
    status: 401,
    message: "Unauthorized: /metrics needs the metrics token (Authorization: Bearer <METRICS_TOKEN>).",
  },

  // ── Sign-in: wallet (SIWE), e-mail link, OpenID Connect ──
  SIWE_MESSAGE_INVALID: { status: 401, message: ({ reason }: { reason: SiweRefusal }) => `Invalid sign-in message: ${reason}` },
  /** A smart wallet's signature is checked through a chain that did not answer. */
  SIWE_CHAIN_UNAVAILABLE: {
    status: 503,
    message: ({ chainId }: { chainId: number }) => `Could not reach chain ${chainId} to verify the signature. Please try again.`,
  },
  SIGN_IN_LINK_INVALID: { status: 401, message: "This sign-in link has expired or was already used." },
  /** The sign-in link or the e-mail change's confirmation could not be sent. */
  EMAIL_NOT_SENT: { status: 503, message: "We could not send the e-mail right now. Please try again in a few minutes." },
  OIDC_PROVIDER_UNAVAILABLE: { status: 503, message: "The sign-in provider cannot be reached right now. Please try again later." },
  OIDC_FAILED: { status: 401, message: "Sign-in with the identity provider failed. Please try again." },

  // ── Account: wallet link, e-mail change, profile ──
  WALLET_TAKEN: { status: 409, message: "This wallet is already linked to another account." },
  WALLET_ONLY_SIGN_IN: { status: 409, message: "This wallet is the only way to sign in to this account, so it cannot be disconnected." },
  RECENT_SIGN_IN_REQUIRED: { status: 403, message: EMAIL_CHANGE_MESSAGES.signInAgain },
  WALLET_PROOF_INVALID: { status: 403, message: EMAIL_CHANGE_MESSAGES.walletProofInvalid },
  EMAIL_UNCHANGED: { status: 409, message: EMAIL_CHANGE_MESSAGES.unchanged },
  EMAIL_TAKEN: { status: 409, message: EMAIL_CHANGE_MESSAGES.taken },
  EMAIL_CHANGE_LINK_INVALID: { status: 400, message: EMAIL_CHANGE_MESSAGES.linkInvalid },
  EMAIL_CHANGE_WRONG_ACCOUNT: { status: 403, message: EMAIL_CHANGE_MESSAGES.wrongAccount },
  /** Another member has the username: `fields.username` says so. */
  USERNAME_TAKEN: { status: 409, message: PROFILE_MESSAGES.usernameTaken },
  /** No such member (also an admin's lookup, a follow, a profile). */
  USER_NOT_FOUND: { status: 404, message: PROFILE_MESSAGES.userNotFound },
  FOLLOW_SELF: { status: 400, message: FOLLOW_MESSAGES.self },

  // ── Loops: the catalog, a loop's page, uploads and edits ──
  /** No such loop, or one the caller may not see (its existence is not told). */
  LOOP_NOT_FOUND: { status: 404, message: PURCHASE_MESSAGES.loopNotFound },
  /** Its creator took it down. */
  LOOP_REMOVED: { status: 410, message: "Loop Removed: Its creator took this loop down." },
  NOT_LOOP_OWNER: { status: 403, message: LOOP_EDIT_MESSAGES.notYours },
  /** Processing again is only for a failed upload. */
  LOOP_NOT_FAILED: { status: 409, message: LOOP_EDIT_MESSAGES.notFailed },
  PREVIEW_NOT_FOUND: { status: 404, message: "Preview Not Found" },
  PEAKS_NOT_FOUND: { status: 404, message: "Peaks Not Found" },
  /** An `after` that is no nextCursor of the same list (and sort). */
  INVALID_CURSOR: {
    status: 400,
    message: ({ list }: { list: "catalog" | "myLoops" | "library" }) =>
      list === "catalog"
        ? "Invalid after: use the nextCursor of a page of the same sort."
        : list === "myLoops"
          ? MY_LOOPS_MESSAGES.after
          : LIBRARY_MESSAGES.after,
  },
  FOLLOWING_SORT_INVALID: { status: 400, message: "Invalid sortBy: the Following tab lists newest first." },
  FOLLOWING_FILTERS_INVALID: {
    status: 400,
    message: "Invalid following: the Following tab takes no filters (only limit, offset and after).",
  },
  GENRE_REQUIRED: { status: 400, message: UPLOAD_MESSAGES.genre },
  /** Artist, album, release date or lyrics on a loop. */
  TRACK_FIELDS_ON_LOOP: { status: 400, message: UPLOAD_MESSAGES.trackOnly },
  UPLOAD_NOT_MULTIPART: { status: 400, message: "Expected a multipart/form-data upload" },
  UPLOAD_MALFORMED: { status: 400, message: "Malformed multipart upload" },
  UPLOAD_TOO_MANY_FIELDS: { status: 400, message: "Too many form fields" },
  UPLOAD_ABORTED: { status: 400, message: "Upload aborted" },
  UPLOAD_NO_FILE: { status: 400, message: UPLOAD_MESSAGES.noFile },
  /** Its first bytes are not audio. */
  UPLOAD_INVALID_TYPE: { status: 400, message: UPLOAD_MESSAGES.invalidType },
  UPLOAD_SAMPLE_RATE_TOO_HIGH: { status: 400, message: ({ sampleRate }: { sampleRate: number }) => sampleRateTooHighMessage(sampleRate) },
  /** Over the 50 MB of one upload. */
  FILE_TOO_LARGE: { status: 413, message: UPLOAD_MESSAGES.tooLarge },
  /** The member's storage quota (platform setting); `neededBytes` once the header tells what the files made from it take. */
  STORAGE_QUOTA_EXCEEDED: {
    status: 413,
    message: ({ quotaBytes, usedBytes, neededBytes }: { quotaBytes: number; usedBytes: number; neededBytes?: number }) =>
      neededBytes === undefined ? storageQuotaMessage(quotaBytes, usedBytes) : storageQuotaNeedMessage(quotaBytes, usedBytes, neededBytes),
  },
  /** The uploads per hour (platform setting): sent with Retry-After. */
  UPLOAD_RATE_LIMITED: {
    status: 429,
    message: ({ uploadsPerHour, retryAfterSeconds }: { uploadsPerHour: number; retryAfterSeconds: number }) =>
      uploadRateLimitMessage(uploadsPerHour, retryAfterSeconds),
  },

  // ── Purchases: LOOP balance, wallet, PayPal and card ──
  OWN_LOOP_PURCHASE: { status: 400, message: PURCHASE_MESSAGES.ownLoop },
  /** The buyer owns the loop in this format (also for an offer on it). */
  ALREADY_PURCHASED: { status: 409, message: PURCHASE_MESSAGES.alreadyPurchased },
  /** The `expectedTotal` the page showed is not the server's price and fee. */
  PRICE_CHANGED: { status: 400, message: PURCHASE_MESSAGES.priceChanged },
  PAYMENT_METHOD_REQUIRED: { status: 400, message: PURCHASE_MESSAGES.choosePayment },
  /** Short of LOOP for a purchase or an offer: what it takes and what is available (ledger units). */
  INSUFFICIENT_BALANCE: {
    status: 400,
    message: ({ neededUnits, availableUnits }: { neededUnits: bigint; availableUnits: bigint }) =>
      insufficientLoopMessage(formatLoopBrief(neededUnits), formatLoopBrief(availableUnits)),
  },
  /** A wallet, PayPal or card payment for a free loop. */
  FREE_LOOP: { status: 400, message: WALLET_PURCHASE_MESSAGES.free },
  WALLET_REQUIRED: { status: 400, message: WALLET_PURCHASE_MESSAGES.noWallet },
  WALLET_PAYMENTS_UNAVAILABLE: { status: 503, message: WALLET_PURCHASE_MESSAGES.unavailable },
  QUOTE_NOT_FOUND: { status: 404, message: WALLET_PURCHASE_MESSAGES.noQuote },
  /** PayPal or card: the amount the page sent is not the server's total. */
  CHECKOUT_PRICE_CHANGED: { status: 400, message: FIAT_PAYMENT_MESSAGES.amountMismatch },
  INVALID_CURRENCY: { status: 400, message: FIAT_PAYMENT_MESSAGES.currency },
  INVALID_PAYPAL_INTENT: { status: 400, message: FIAT_PAYMENT_MESSAGES.intent },
  PAYPAL_UNAVAILABLE: { status: 503, message: FIAT_PAYMENT_MESSAGES.paypalNotConfigured },
  CARD_PAYMENTS_UNAVAILABLE: { status: 503, message: FIAT_PAYMENT_MESSAGES.cardNotConfigured },
  PAYPAL_ORDER_NOT_FOUND: { status: 404, message: FIAT_PAYMENT_MESSAGES.orderNotFound },
  /** A card intent that is not the caller's (or does not exist). */
  PAYMENT_NOT_FOUND: { status: 404, message: FIAT_PAYMENT_MESSAGES.intentNotFound },
  PAYMENT_NOT_COMPLETED: {
    status: 409,
    message: ({ provider }: { provider: "paypal" | "card" }) =>
      provider === "paypal" ? FIAT_PAYMENT_MESSAGES.orderNotCompleted : FIAT_PAYMENT_MESSAGES.intentNotSucceeded,
  },
  PAYMENT_NOT_APPROVED: { status: 422, message: "Payment Not Approved: Approve the payment in the PayPal window first" },
  /** The provider declined: the card's own reason when Stripe gives one. */
  PAYMENT_DECLINED: {
    status: 402,
    message: ({ cardReason }: { cardReason?: string }) =>
      cardReason === undefined ? FIAT_PAYMENT_MESSAGES.declined : `Payment Declined: ${cardReason}`,
  },
  PAYMENT_MISMATCH: { status: 409, message: FIAT_PAYMENT_MESSAGES.paidAmountMismatch },
  PAYMENT_REVERSED: { status: 409, message: FIAT_PAYMENT_MESSAGES.reversed },
  /** Paid for a loop owned meanwhile: the payment was refunded. */
  ALREADY_PURCHASED_REFUNDED: { status: 409, message: `${PURCHASE_MESSAGES.alreadyPurchased}. This payment was refunded.` },
  PAYMENT_PROVIDER_UNAVAILABLE: { status: 502, message: FIAT_PAYMENT_MESSAGES.providerUnavailable },
  WEBHOOK_NOT_CONFIGURED: {
    status: 503,
    message: ({ provider }: { provider: "paypal" | "stripe" }) =>
      provider === "paypal"
        ? "PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID)"
        : "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)",
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, message: FIAT_PAYMENT_MESSAGES.badSignature },
  PAYMENT_METHOD_NOT_FOUND: { status: 404, message: FIAT_PAYMENT_MESSAGES.paymentMethodNotFound },
  PAYMENT_METHOD_DUPLICATE: { status: 409, message: FIAT_PAYMENT_MESSAGES.paymentMethodDuplicate },
  PAYMENT_METHOD_UNSUPPORTED: { status: 400, message: "Unsupported Payment Method: Only cards can be saved" },

  // ── Offers (negotiations), in app and from a wallet ──
  OWN_LOOP_OFFER: { status: 400, message: NEGOTIATION_MESSAGES.ownLoop },
  OFFER_ON_FREE_LOOP: { status: 400, message: NEGOTIATION_MESSAGES.free },
  OFFER_NOT_BELOW_PRICE: { status: 400, message: NEGOTIATION_MESSAGES.notBelowPrice },
  /** Below the platform's minimum offer (a setting). */
  OFFER_BELOW_MINIMUM: { status: 400, message: ({ minOfferCents }: { minOfferCents: number }) => offerBelowMinimumMessage(minOfferCents) },
  OFFER_ALREADY_OPEN: { status: 409, message: NEGOTIATION_MESSAGES.openOffer },
  OFFER_NOT_FOUND: { status: 404, message: NEGOTIATION_MESSAGES.notFound },
  /** The `version` sent is not the offer's. */
  OFFER_CHANGED: { status: 409, message: NEGOTIATION_MESSAGES.changed },
  OFFER_CLOSED: { status: 409, message: NEGOTIATION_MESSAGES.closed },
  OFFER_NOT_YOURS: { status: 403, message: NEGOTIATION_MESSAGES.notYours },
  OFFER_SETTLING: { status: 409, message: NEGOTIATION_MESSAGES.settling },
  COUNTER_SAME_AMOUNT: { status: 400, message: NEGOTIATION_MESSAGES.counterSame },
  /** A wallet offer's counter is accepted from the wallet (changeOffer). */
  WALLET_OFFER_COUNTER: { status: 409, message: NEGOTIATION_MESSAGES.walletCounter },
  WALLET_OFFERS_UNAVAILABLE: { status: 503, message: "Wallet Offers Unavailable: LoopMarketplace is not set up on this network" },
  /** LoopMarketplace refused settleOffer: the contract's reason. */
  SETTLEMENT_REFUSED: {
    status: 409,
    message: ({ reason }: { reason: string }) => `Settlement Failed: LoopMarketplace refused to settle the offer (${reason})`,
  },
  SETTLEMENT_REVERTED: {
    status: 409,
    message: ({ txHash }: { txHash: string }) => `Settlement Failed: settleOffer reverted (transaction ${txHash})`,
  },
  SETTLEMENT_CHAIN_UNAVAILABLE: {
    status: 503,
    message: ({ chainId, detail }: { chainId: number; detail: string }) => `Settlement Failed: chain ${chainId} did not answer (${detail})`,
  },
  /** The settleOffer transaction was dropped: it is sent again. */
  SETTLEMENT_DROPPED: {
    status: 503,
    message: ({ txHash, chainId }: { txHash: string; chainId: number }) =>
      `Settlement Failed: transaction ${txHash} was dropped on chain ${chainId}; it is sent again`,
  },

  // ── LOOP transfers ──
  TRANSFER_TO_SELF: { status: 400, message: TOKEN_MESSAGES.selfTransfer },
  /** A second chargeback on the sender's sales paused sending LOOP too. */
  TRANSFERS_SUSPENDED: { status: 403, message: TOKEN_MESSAGES.suspended },
  RECIPIENT_NOT_FOUND: { status: 404, message: TOKEN_MESSAGES.recipientNotFound },
  TRANSFER_INSUFFICIENT_BALANCE: { status: 400, message: TOKEN_MESSAGES.insufficient },
  /** Promotional LOOP is never sent nor withdrawn: how much can go (ledger units). */
  PROMOTIONAL_LOOP_LOCKED: {
    status: 400,
    message: ({ action, withdrawableUnits }: { action: "send" | "withdraw"; withdrawableUnits: bigint }) =>
      promotionalRefusalMessage(action, formatLoopBrief(withdrawableUnits > 0n ? withdrawableUnits : 0n)),
  },

  // ── Token orders (buying LOOP off-platform) ──
  TOKEN_ORDER_AMOUNT_INVALID: { status: 400, message: TOKEN_ORDER_MESSAGES.zeroUsd },
  /** The USD amount sent is not the LOOP amount's price. */
  USD_AMOUNT_MISMATCH: {
    status: 400,
    message: ({ loopUnits, usdCents }: { loopUnits: bigint; usdCents: bigint }) =>
      TOKEN_ORDER_MESSAGES.usdMismatch(loopText(loopUnits), formatUsd(usdCents)),
  },
  TOKEN_ORDERS_RATE_LIMITED: { status: 429, message: TOO_MANY_ORDERS },
  TOKEN_ORDER_NOT_FOUND: { status: 404, message: TOKEN_ORDER_MESSAGES.notFound },
  TOKEN_ORDER_ALREADY_PROCESSED: {
    status: 409,
    message: ({ status }: { status: TokenOrderStatus }) => TOKEN_ORDER_MESSAGES.alreadyProcessed(status),
  },

  // ── Withdrawals and LOOP payouts ──
  INVALID_WITHDRAWAL_DESTINATION: {
    status: 400,
    message: ({ network }: { network: "evm" | "btc" }) =>
      network === "btc" ? WITHDRAWAL_MESSAGES.invalidBtcDestination : WITHDRAWAL_MESSAGES.invalidEvmDestination,
  },
  /** A second chargeback on the member's sales (or an admin) suspended their withdrawals. */
  WITHDRAWALS_SUSPENDED: { status: 403, message: WITHDRAWAL_MESSAGES.suspended },
  WITHDRAWAL_INSUFFICIENT_BALANCE: { status: 400, message: WITHDRAWAL_MESSAGES.insufficient },
  WITHDRAWAL_NOT_FOUND: { status: 404, message: WITHDRAWAL_MESSAGES.notFound },
  INVALID_STATUS_CHANGE: {
    status: 409,
    message: ({ from, to }: { from: WithdrawalStatus; to: WithdrawalStatus }) => invalidStatusChangeMessage(from, to),
  },
  /** A LOOP payout's payout started: what the chain records decides it. */
  PAYOUT_IN_PROGRESS: {
    status: 409,
    message:
      "Payout In Progress: this LOOP withdrawal's payout was sent or is being sent; what the chain records decides it (LOOP settles it automatically), so it cannot be failed or cancelled now",
  },
  /** Completing a LOOP withdrawal needs its own payout's hash: the one sent, or null. */
  INVALID_PAYOUT_TRANSACTION: {
    status: 400,
    message: ({ sent }: { sent: string | null }) => `${WITHDRAWAL_MESSAGES.invalidLoopTransactionId}: ${sent ?? "none sent"}`,
  },
  PAYOUT_NOT_CONFIRMED: {
    status: 409,
    message: ({ txHash }: { txHash: string | null }) =>
      `Payout Not Confirmed: transaction ${txHash} has no successful LoopVault payout of this withdrawal on chain`,
  },
  PAYOUT_ALREADY_SENT: {
    status: 409,
    message: ({ txHash }: { txHash: string | null }) =>
      `Payout Already Sent: this LOOP withdrawal was paid on chain (transaction ${txHash}); mark it completed instead`,
  },
  /** LoopVault refused the payout (its simulation reverted): the contract's reason. */
  PAYOUT_REFUSED: { status: 409, message: ({ reason }: { reason: string }) => `Payout Failed: LoopVault refused the payout (${reason})` },
  /** The payout transaction reverted: the withdrawal is pending again. */
  PAYOUT_REVERTED: {
    status: 409,
    message: ({ txHash, chainId }: { txHash: string; chainId: number }) =>
      `Payout Failed: Payout transaction ${txHash} reverted on chain ${chainId}; the withdrawal is pending again`,
  },
  /** No LoopVault on the chain, or no operator key. */
  PAYOUTS_UNAVAILABLE: {
    status: 503,
    message: (params: { missing: "vault"; chainId: number } | { missing: "operatorKey" }) =>
      params.missing === "vault"
        ? `LOOP payouts are unavailable: LoopVault is not deployed on chain ${params.chainId}`
        : "LOOP payouts are unavailable: no operator key is configured (OPERATOR_PRIVATE_KEY)",
  },
  /** The chain did not answer a payout's step: the withdrawal stays as it was. */
  PAYOUT_CHAIN_UNAVAILABLE: {
    status: 503,
    message: ({ step, chainId, detail }: { step: "check" | "send" | "prepare"; chainId: number; detail: string }) =>
      step === "check"
        ? `Payout Check Failed: chain ${chainId} did not answer (${detail})`
        : step === "send"
          ? `Payout Failed: chain ${chainId} did not answer (${detail})`
          : `Payout Failed: the payout transaction could not be prepared on chain ${chainId} (${detail})`,
  },
  /** Sent (or maybe sent) and not confirmed yet: LOOP settles it by what the chain records. */
  PAYOUT_PENDING: {
    status: 503,
    message: ({ chainId, txHash, detail }: { chainId: number; txHash?: string; detail: string }) =>
      txHash === undefined
        ? `Payout Pending: the payout transaction may not have reached chain ${chainId} (${detail})`
        : `Payout Pending: transaction ${txHash} was sent but is not confirmed yet; LOOP settles it by what the chain records (${detail})`,
  },

  // ── Downloads, licences, the library ──
  PURCHASE_REQUIRED: { status: 403, message: DOWNLOAD_MESSAGES.purchaseRequired },
  FORMAT_NOT_PURCHASED: { status: 403, message: DOWNLOAD_MESSAGES.formatNotPurchased },
  PURCHASE_REFUNDED: { status: 403, message: DOWNLOAD_MESSAGES.refunded },
  DOWNLOAD_NOT_READY: { status: 409, message: DOWNLOAD_MESSAGES.notReady },
  DOWNLOAD_LINK_INVALID: { status: 403, message: DOWNLOAD_MESSAGES.invalidLink },
  DOWNLOAD_LINK_EXPIRED: { status: 410, message: DOWNLOAD_MESSAGES.expiredLink },
  /** The stored file is missing. */
  FILE_NOT_FOUND: { status: 404, message: DOWNLOAD_MESSAGES.fileMissing },
  LICENCE_NOT_FOUND: { status: 404, message: LICENCE_MESSAGES.notFound },
  LICENCE_LINK_INVALID: { status: 403, message: LICENCE_MESSAGES.invalidLink },
  LICENCE_LINK_EXPIRED: { status: 410, message: LICENCE_MESSAGES.expiredLink },
  LIBRARY_ENTRY_NOT_FOUND: { status: 404, message: LIBRARY_MESSAGES.notFound },
  NO_RECEIPT_FOR_FREE: { status: 400, message: LIBRARY_MESSAGES.receiptFree },
  NO_EMAIL_ADDRESS: { status: 400, message: LIBRARY_MESSAGES.receiptNoEmail },
  RECEIPT_NOT_SENT: { status: 502, message: LIBRARY_MESSAGES.receiptNotSent },
  RECEIPTS_RATE_LIMITED: { status: 429, message: LIBRARY_MESSAGES.tooManyReceipts },

  // ── Collections, ratings, notifications ──
  COLLECTION_NOT_FOUND: { status: 404, message: COLLECTION_MESSAGES.notFound },
  COLLECTION_LIMIT_REACHED: { status: 409, message: COLLECTION_MESSAGES.tooManyCollections },
  COLLECTION_FULL: { status: 409, message: COLLECTION_MESSAGES.tooManyLoops },
  RATING_OWN_LOOP: { status: 403, message: RATING_MESSAGES.ownLoop },
  RATING_NOT_ALLOWED: { status: 403, message: RATING_MESSAGES.notAllowed },
  NOTIFICATION_NOT_FOUND: { status: 404, message: NOTIFICATION_MESSAGES.notFound },
  NOTIFICATIONS_RATE_LIMITED: { status: 429, message: TOO_MANY_NOTIFICATIONS },
  /** This process has no notification hub (SSE). */
  LIVE_NOTIFICATIONS_UNAVAILABLE: { status: 503, message: "Live notifications are not available; refresh the list instead" },

  // ── Faucet (the local development chain) ──
  FAUCET_UNAVAILABLE: { status: 403, message: FAUCET_MESSAGES.unavailable },
  FAUCET_TOO_SOON: { status: 429, message: FAUCET_MESSAGES.tooSoon },
  FAUCET_FAILED: { status: 503, message: ({ reason }: { reason: string }) => `Faucet Failed: ${reason}` },

  // ── Admin ──
  LAST_ADMIN: { status: 409, message: ADMIN_USER_MESSAGES.lastAdmin },
  CANNOT_PROMOTE_BANNED: { status: 409, message: ADMIN_USER_MESSAGES.cannotPromoteBanned },
  CANNOT_BAN_SELF: { status: 400, message: ADMIN_USER_MESSAGES.cannotBanSelf },
  CANNOT_BAN_ADMIN: { status: 409, message: ADMIN_USER_MESSAGES.cannotBanAdmin },
  /** Only a processed loop can be hidden. */
  CANNOT_HIDE_LOOP: { status: 409, message: ADMIN_LOOP_MESSAGES.notReady },
  CANNOT_RESTORE_LOOP: { status: 409, message: ADMIN_LOOP_MESSAGES.notHidden },
  /** A vault deposit above the platform's earnings (ledger units). */
  INSUFFICIENT_EARNINGS: {
    status: 400,
    message: ({ availableUnits }: { availableUnits: bigint }) =>
      ADMIN_MESSAGES.insufficientEarnings(loopText(availableUnits > 0n ? availableUnits : 0n)),
  },
  DISCREPANCY_NOT_FOUND: { status: 404, message: SETTLEMENT_DISCREPANCY_MESSAGES.notFound },
  DISCREPANCY_RESOLVED: { status: 409, message: SETTLEMENT_DISCREPANCY_MESSAGES.resolved },
  /** The dispute window is set on LoopMarketplace too, which did not answer. */
  SETTINGS_CHAIN_UNAVAILABLE: { status: 502, message: SETTINGS_MESSAGES.chainUnavailable },
} as const satisfies Record<string, { status: number; message: Message }>;

export type ErrorCode = keyof typeof ERROR_CODES;

type MessageOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]["message"];

/** The codes whose message is a template, and the parameters it takes. */
export type TemplatedCode = { [C in ErrorCode]: MessageOf<C> extends string ? never : C }[ErrorCode];
export type MessageParams<C extends TemplatedCode> = MessageOf<C> extends (params: infer P) => string ? P : never;

/** The arguments a code's message needs after the code: its parameters for a template, none for a text. */
export type MessageArgs<C extends ErrorCode> = C extends TemplatedCode ? [params: MessageParams<C>] : [];

/** The message of `code`: its text, or its template filled with `params`. */
export function errorMessage<C extends ErrorCode>(code: C, ...[params]: MessageArgs<C>): string {
  const message: Message = ERROR_CODES[code].message;
  return typeof message === "string" ? message : (message as (params: unknown) => string)(params);
}

/** Whether `code`'s message is a template (it takes parameters). */
export function isTemplated(code: ErrorCode): code is TemplatedCode {
  return typeof ERROR_CODES[code].message === "function";
}

/** The body of every error answer. */
export interface ErrorAnswer {
  message: string;
  code: ErrorCode;
  /** For VALIDATION_FAILED (and USERNAME_TAKEN): each failing field's path (`"items.0.price"`) and its message. */
  fields?: Record<string, string>;
}

/** The generic codes: a status that no precise code names (Express' own refusals). */
export type GenericCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "PAYMENT_REQUIRED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "GONE"
  | "PAYLOAD_TOO_LARGE"
  | "UNPROCESSABLE"
  | "RATE_LIMITED"
  | "INTERNAL"
  | "UPSTREAM_FAILED"
  | "UNAVAILABLE";

/** The generic code of a status, for a refusal that names none more precise. */
export function codeOfStatus(status: number): GenericCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 402:
      return "PAYMENT_REQUIRED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 410:
      return "GONE";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 422:
      return "UNPROCESSABLE";
    case 429:
      return "RATE_LIMITED";
    case 502:
      return "UPSTREAM_FAILED";
    case 503:
      return "UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "BAD_REQUEST";
  }
}

/** Whether `value` is one of the codes (an answer from another version of the API may carry an unknown one). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
