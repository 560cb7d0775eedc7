// Property tests: long random sequences of purchase, release, refund, openOffer, changeOffer,
// settleOffer, reclaimOffer, deposit, payout, setPayoutLimit, mint, pause and time jumps (some
// across payout periods, i.e. days), valid and invalid, against a model of what the rules allow.
// Sellers are users or the vault itself (a seller without a wallet). After every step:
//   - the marketplace's token balance equals its unresolved escrows plus its open offers;
//   - every account's, the vault's and the marketplace's balance, the reserve (which takes the
//     proceeds of sales to the vault) and the fees equal the model's (nothing moves money but the
//     rules), and every call succeeded or failed with exactly the error the model expected;
//   - the payout limit and the current period's payouts equal the model's;
//   - the token supply changed only by mints.
// After every sequence: no order or offer has more than one resolution event, every order's and
// offer's status on chain equals the model's, and, replaying the vault's PayoutLimitChanged and
// PaidOut events in order, the sum paid within a payout period never exceeded the limit in force.
// Each sequence starts from the fixture's snapshot (loadFixture: evm_snapshot / evm_revert).
// Runs per dispute window: PROPERTY_RUNS (default 100), up to PROPERTY_STEPS steps (default 40).
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import fc from "fast-check";
import { maxUint256, parseEventLogs, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import localAccounts from "../local-accounts.json";
import { quoteDomain, quoteTypes, type Quote } from "../quote.mjs";
import { LOOP, WEI_PER_LEDGER_UNIT, addressOf, deploySystem, id, revertOf } from "./helpers";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const MAX_STEPS = Number(process.env.PROPERTY_STEPS ?? 40);
const WINDOW = 3600n;
const BPS = 10_000n;
const FEE_BPS = [200n, 400n];
const MAX_OFFER_DURATION = 30n * 24n * 3600n;
/** LoopVault.PAYOUT_PERIOD */
const PERIOD = 24n * 3600n;
/** The vault's payout limit when a sequence starts: low enough that the random payouts meet it. */
const INITIAL_PAYOUT_LIMIT = 2_000n * LOOP;
/** What the treasury puts into the reserve before a sequence starts. */
const FUNDED_RESERVE = 20_000n * LOOP;

// Signing in-process with the well-known keys (fast); these are Hardhat's accounts #9 and #3.
const quoteSigner = privateKeyToAccount(localAccounts.roles.quoteSigner.privateKey as Hex);
const impostor = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");

type OrderStatus = 0 | 1 | 2 | 3; // None, Escrowed, Released, Refunded
type OfferStatus = 0 | 1 | 2 | 3 | 4; // None, Open, Accepted, Rejected, Reclaimed
interface ModelOrder {
  buyer: Address;
  seller: Address;
  price: bigint;
  releaseAt: bigint;
  status: OrderStatus;
}
interface ModelOffer {
  buyer: Address;
  seller: Address;
  amount: bigint;
  format: number;
  expiresAt: bigint;
  status: OfferStatus;
}

// ------------------------------------------------------------------------------- actions
const actorIndex = fc.integer({ min: 0, max: 4 });
/** A seller: one of the actors, or (5) the vault, as for a seller without a wallet. */
const sellerIndex = fc.integer({ min: 0, max: 5 });
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.bigInt({ min: 1n, max: 1_000n * LOOP }) },
  { weight: 1, arbitrary: fc.constantFrom(1n, 24n, 25n, 10n ** 10n) },
  { weight: 1, arbitrary: fc.bigInt({ min: 900_000n * LOOP, max: 3_000_000n * LOOP }) },
);
const pick = fc.nat({ max: 1000 });

const actionArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("purchase" as const),
      buyer: actorIndex,
      callerIsBuyer: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
      caller: actorIndex,
      seller: sellerIndex,
      price: amount,
      fee: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 40n * LOOP })),
      format: fc.integer({ min: 0, max: 1 }),
      deadlineDelta: fc.integer({ min: -100, max: 3600 }),
      reuseOrder: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      wrongSigner: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      pick,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("release" as const), caller: actorIndex, pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("refund" as const),
      byArbiter: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      caller: actorIndex,
      pick,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("openOffer" as const),
      buyer: actorIndex,
      seller: sellerIndex,
      amount,
      format: fc.integer({ min: 0, max: 1 }),
      ttl: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 1, max: 7200 }) },
        { weight: 1, arbitrary: fc.integer({ min: -10, max: 0 }) },
        { weight: 1, arbitrary: fc.constant(Number(MAX_OFFER_DURATION) + 1) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("changeOffer" as const),
      callerIsBuyer: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      caller: actorIndex,
      amount,
      ttl: fc.integer({ min: -10, max: 7200 }),
      pick,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("settleOffer" as const),
      accepted: fc.boolean(),
      stale: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
      byOperator: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
      caller: actorIndex,
      pick,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("reclaimOffer" as const),
      callerIsBuyer: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      caller: actorIndex,
      pick,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("deposit" as const),
      caller: actorIndex,
      units: fc.oneof(
        { weight: 9, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 11n }) },
        { weight: 1, arbitrary: fc.constant(2n * 10n ** 14n) },
      ),
      partial: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("payout" as const),
      to: actorIndex,
      /** Per mille of the reserve (over 1000: more than the reserve). */
      share: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0, max: 1000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 1001, max: 2000 }) },
      ),
      /** Or a fixed amount in ledger units (up to 1,500 LOOP: a few reach the payout limit), whatever the reserve. */
      units: fc.option(fc.bigInt({ min: 1n, max: 1_500n * 10n ** 8n }), { freq: 2 }),
      reuse: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      byOperator: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
      pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("setPayoutLimit" as const),
      byAdmin: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
      caller: actorIndex,
      limit: fc.oneof(
        { weight: 1, arbitrary: fc.constant(0n) },
        { weight: 6, arbitrary: fc.bigInt({ min: 1n, max: 5_000n * LOOP }) },
        { weight: 1, arbitrary: fc.constant(10n ** 30n) },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("mint" as const), to: actorIndex, amount }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("pause" as const), target: fc.constantFrom("marketplace" as const, "vault" as const) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("wait" as const),
      // Short waits, jumps across the dispute window and offer expiries, and into later payout periods.
      seconds: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 600 }) },
        { weight: 4, arbitrary: fc.integer({ min: 3000, max: 8000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 100_000 }) },
      ),
    }),
  },
);
type Action = typeof actionArb extends fc.Arbitrary<infer A> ? A : never;

// --------------------------------------------------------------------------------- fixture
async function propertyFixture(disputeWindow: bigint) {
  const system = await deploySystem({ disputeWindow, payoutLimit: INITIAL_PAYOUT_LIMIT });
  const actors = [system.buyer, system.seller, system.other, system.buyer2, system.seller2];
  for (const wallet of actors) {
    const { token } = system.as(wallet);
    await token.write.approve([system.marketplace.address, maxUint256]);
    await token.write.approve([system.vault.address, maxUint256]);
  }
  // The treasury's funding: payouts are then held back by the payout limit more often than by the reserve.
  await system.token.write.mint([addressOf(system.admin), FUNDED_RESERVE]);
  await system.token.write.approve([system.vault.address, FUNDED_RESERVE]);
  await system.vault.write.fundReserve([FUNDED_RESERVE]);
  const handles = new Map([...actors, system.admin, system.arbiter, system.operator].map((w) => [addressOf(w), system.as(w)]));
  const startBlock = await system.publicClient.getBlockNumber();
  return { system, actors, handles, startBlock };
}
const instantFixture = () => propertyFixture(0n);
const escrowFixture = () => propertyFixture(WINDOW);

// ----------------------------------------------------------------------------------- model
class Model {
  balances = new Map<Address, bigint>();
  orders = new Map<Hex, ModelOrder>();
  orderIds: Hex[] = [];
  offers: ModelOffer[] = []; // offer id = index + 1
  withdrawals: Hex[] = [];
  reserve = 0n;
  fees = 0n;
  payoutLimit = INITIAL_PAYOUT_LIMIT;
  /** Wei paid out per payout period (timestamp / PERIOD). */
  paidInPeriod = new Map<bigint, bigint>();
  supply = 0n;
  marketPaused = false;
  vaultPaused = false;
  clock = 0n;
  pendingWait = 0n;
  counter = 0;

  constructor(
    readonly market: Address,
    readonly vault: Address,
  ) {}

  balance(a: Address) {
    return this.balances.get(a) ?? 0n;
  }
  move(from: Address | null, to: Address | null, value: bigint) {
    if (from) this.balances.set(from, this.balance(from) - value);
    if (to) this.balances.set(to, this.balance(to) + value);
  }
  /** Pays `value` to `seller`; a sale to the vault lands in its reserve. */
  paySeller(from: Address, seller: Address, value: bigint) {
    this.move(from, seller, value);
    if (seller === this.vault) this.reserve += value;
  }
  paid(period: bigint) {
    return this.paidInPeriod.get(period) ?? 0n;
  }
  offerFee(amount: bigint, format: number) {
    return (amount * FEE_BPS[format]! * 2n + BPS) / (2n * BPS);
  }
  /** What the marketplace must hold: escrowed prices plus open offers' amounts and fees. */
  held() {
    let sum = 0n;
    for (const order of this.orders.values()) if (order.status === 1) sum += order.price;
    for (const offer of this.offers) if (offer.status === 1) sum += offer.amount + this.offerFee(offer.amount, offer.format);
    return sum;
  }
}

// What the runs did: calls per function, and how many were expected to succeed or fail with each error.
const outcomes = new Map<string, Map<string, number>>();
function tally(kind: string, expected: string | null) {
  const byOutcome = outcomes.get(kind) ?? new Map<string, number>();
  const key = expected ?? "ok";
  byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
  outcomes.set(kind, byOutcome);
}

// ---------------------------------------------------------------------------------- runner
async function runSequence(fx: Awaited<ReturnType<typeof instantFixture>>, disputeWindow: bigint, actions: Action[]) {
  const { system, actors, handles } = fx;
  const { token, vault, marketplace, publicClient } = system;
  const addr = actors.map(addressOf);
  const admin = addressOf(system.admin);
  const arbiter = addressOf(system.arbiter);
  const operator = addressOf(system.operator);
  const model = new Model(marketplace.address, vault.address);
  const tracked = [...addr, marketplace.address, vault.address];
  for (const a of tracked) model.balances.set(a, await token.read.balanceOf([a]));
  model.supply = await token.read.totalSupply();
  model.reserve = await vault.read.reserve();
  model.clock = (await publicClient.getBlock()).timestamp;
  const as = (a: Address) => handles.get(a)!;
  const sellerOf = (i: number): Address => (i === addr.length ? vault.address : addr[i]!);

  const check = async (step: number, action: Action) => {
    const period = (await publicClient.getBlock()).timestamp / PERIOD;
    const [supply, reserve, fees, payoutLimit, paidInPeriod, ...onChain] = await Promise.all([
      token.read.totalSupply(),
      vault.read.reserve(),
      vault.read.fees(),
      vault.read.payoutLimit(),
      vault.read.paidOutInPeriod([period]),
      ...tracked.map((a) => token.read.balanceOf([a])),
    ]);
    const where = `after step ${step} (${JSON.stringify(action, (_k, v) => (typeof v === "bigint" ? v.toString() : v))})`;
    expect(onChain[tracked.indexOf(marketplace.address)], `marketplace holds its escrows and open offers ${where}`).to.equal(model.held());
    tracked.forEach((a, i) => expect(onChain[i], `balance of ${a} ${where}`).to.equal(model.balance(a)));
    expect(supply, `supply changes only by mints ${where}`).to.equal(model.supply);
    expect(reserve, `reserve ${where}`).to.equal(model.reserve);
    expect(fees, `fees ${where}`).to.equal(model.fees);
    expect(payoutLimit, `payout limit ${where}`).to.equal(model.payoutLimit);
    expect(paidInPeriod, `paid out in the current period ${where}`).to.equal(model.paid(period));
  };

  /** Sends a transaction at the model's next second; asserts success or the expected error. */
  const send = async (expected: string | null, tx: () => Promise<unknown>, onSuccess: () => void) => {
    tally(currentKind, expected);
    let error: unknown = null;
    try {
      await tx();
    } catch (caught) {
      error = caught;
    }
    model.clock = (await publicClient.getBlock()).timestamp;
    if (expected === null) {
      if (error) throw error;
      onSuccess();
    } else {
      expect(error, `expected ${expected}, but the call succeeded`).to.not.equal(null);
      const reverted = await revertOf(error);
      if (!reverted) throw error;
      expect(reverted.name).to.equal(expected);
    }
  };

  /** Mostly an order still in escrow, sometimes any known order, sometimes an unknown id. */
  const pickOrder = (n: number): Hex => {
    const escrowed = model.orderIds.filter((o) => model.orders.get(o)!.status === 1);
    if (escrowed.length > 0 && n % 10 < 6) return escrowed[n % escrowed.length]!;
    if (model.orderIds.length > 0 && n % 10 < 9) return model.orderIds[n % model.orderIds.length]!;
    return id(`unknown-${n}`);
  };
  /** Mostly an open offer, sometimes any offer, sometimes an unknown id. */
  const pickOffer = (n: number): bigint => {
    const open = model.offers.flatMap((o, i) => (o.status === 1 ? [BigInt(i + 1)] : []));
    if (open.length > 0 && n % 10 < 6) return open[n % open.length]!;
    if (model.offers.length > 0 && n % 10 < 9) return BigInt((n % model.offers.length) + 1);
    return BigInt(model.offers.length + 1 + (n % 3));
  };
  let currentKind = "";
  for (const [step, action] of actions.entries()) {
    currentKind = action.kind;
    if (action.kind === "wait") {
      model.pendingWait += BigInt(action.seconds);
      continue;
    }
    const t = model.clock + 1n + model.pendingWait; // timestamp of the next transaction
    model.pendingWait = 0n;
    await time.setNextBlockTimestamp(t);

    switch (action.kind) {
      case "purchase": {
        const buyer = addr[action.buyer]!;
        const caller = action.callerIsBuyer ? buyer : addr[action.caller]!;
        const seller = sellerOf(action.seller);
        const reused = action.reuseOrder && model.orderIds.length > 0 ? model.orderIds[action.pick % model.orderIds.length]! : null;
        model.counter += 1;
        const quote: Quote = {
          buyer,
          seller,
          loopId: id(`loop-${action.pick}`),
          format: action.format,
          price: action.price,
          fee: action.fee,
          orderId: reused ?? id(`order-${model.counter}-${action.pick}`),
          deadline: t + BigInt(action.deadlineDelta),
        };
        const signer = action.wrongSigner ? impostor : quoteSigner;
        const signature = await signer.signTypedData({
          domain: quoteDomain(system.chainId, marketplace.address),
          types: quoteTypes,
          primaryType: "Quote",
          message: quote,
        });
        const total = quote.price + quote.fee;
        const price96 = quote.price < 2n ** 96n;
        const expected = model.marketPaused
          ? "EnforcedPause"
          : caller !== buyer
            ? "NotBuyer"
            : t > quote.deadline
              ? "QuoteExpired"
              : model.orders.has(quote.orderId)
                ? "OrderAlreadyUsed"
                : action.wrongSigner
                  ? "InvalidQuoteSigner"
                  : !price96 && disputeWindow > 0n
                    ? "SafeCastOverflowedUintDowncast"
                    : model.balance(buyer) < total
                      ? "ERC20InsufficientBalance"
                      : null;
        await send(
          expected,
          () => as(caller).marketplace.write.purchase([quote, signature]),
          () => {
            const instant = disputeWindow === 0n;
            model.orders.set(quote.orderId, { buyer, seller, price: quote.price, releaseAt: t + disputeWindow, status: instant ? 2 : 1 });
            model.orderIds.push(quote.orderId);
            if (instant) model.paySeller(buyer, seller, quote.price);
            else model.move(buyer, model.market, quote.price);
            model.move(buyer, model.vault, quote.fee);
            model.fees += quote.fee;
          },
        );
        break;
      }
      case "release": {
        const orderId = pickOrder(action.pick);
        const order = model.orders.get(orderId);
        const expected = model.marketPaused
          ? "EnforcedPause"
          : order?.status !== 1
            ? "OrderNotEscrowed"
            : t < order.releaseAt
              ? "DisputeWindowOpen"
              : null;
        await send(
          expected,
          () => as(addr[action.caller]!).marketplace.write.release([orderId]),
          () => {
            order!.status = 2;
            model.paySeller(model.market, order!.seller, order!.price);
          },
        );
        break;
      }
      case "refund": {
        const orderId = pickOrder(action.pick);
        const order = model.orders.get(orderId);
        const caller = action.byArbiter ? arbiter : addr[action.caller]!;
        const expected =
          caller !== arbiter
            ? "AccessControlUnauthorizedAccount"
            : order?.status !== 1
              ? "OrderNotEscrowed"
              : t >= order.releaseAt
                ? "DisputeWindowClosed"
                : null;
        await send(
          expected,
          () => as(caller).marketplace.write.refund([orderId]),
          () => {
            order!.status = 3;
            model.move(model.market, order!.buyer, order!.price);
          },
        );
        break;
      }
      case "openOffer": {
        const buyer = addr[action.buyer]!;
        const seller = sellerOf(action.seller);
        const expiresAt = t + BigInt(action.ttl);
        const fee = model.offerFee(action.amount, action.format);
        const expected = model.marketPaused
          ? "EnforcedPause"
          : seller === buyer
            ? "SellerIsBuyer"
            : expiresAt <= t || expiresAt > t + MAX_OFFER_DURATION
              ? "InvalidExpiry"
              : model.balance(buyer) < action.amount + fee
                ? "ERC20InsufficientBalance"
                : null;
        await send(
          expected,
          () => as(buyer).marketplace.write.openOffer([id("loop"), action.format, seller, action.amount, expiresAt]),
          () => {
            model.offers.push({ buyer, seller, amount: action.amount, format: action.format, expiresAt, status: 1 });
            model.move(buyer, model.market, action.amount + fee);
          },
        );
        break;
      }
      case "changeOffer": {
        const offerId = pickOffer(action.pick);
        const offer = model.offers[Number(offerId) - 1];
        const caller = action.callerIsBuyer && offer ? offer.buyer : addr[action.caller]!;
        const expiresAt = t + BigInt(action.ttl);
        const oldTotal = offer ? offer.amount + model.offerFee(offer.amount, offer.format) : 0n;
        const newTotal = offer ? action.amount + model.offerFee(action.amount, offer.format) : 0n;
        const expected = model.marketPaused
          ? "EnforcedPause"
          : caller !== offer?.buyer
            ? "NotBuyer"
            : offer.status !== 1
              ? "OfferNotOpen"
              : t >= offer.expiresAt
                ? "OfferExpired"
                : expiresAt <= t
                  ? "InvalidExpiry"
                  : newTotal > oldTotal && model.balance(caller) < newTotal - oldTotal
                    ? "ERC20InsufficientBalance"
                    : null;
        await send(
          expected,
          () => as(caller).marketplace.write.changeOffer([offerId, action.amount, expiresAt]),
          () => {
            offer!.amount = action.amount;
            offer!.expiresAt = expiresAt;
            if (newTotal > oldTotal) model.move(caller, model.market, newTotal - oldTotal);
            else model.move(model.market, caller, oldTotal - newTotal);
          },
        );
        break;
      }
      case "settleOffer": {
        const offerId = pickOffer(action.pick);
        const offer = model.offers[Number(offerId) - 1];
        const caller = action.byOperator ? operator : addr[action.caller]!;
        const expectedAmount = (offer?.amount ?? 1n) + (action.stale ? 1n : 0n);
        const expected =
          caller !== operator
            ? "AccessControlUnauthorizedAccount"
            : model.marketPaused
              ? "EnforcedPause"
              : offer?.status !== 1
                ? "OfferNotOpen"
                : t >= offer.expiresAt
                  ? "OfferExpired"
                  : action.stale
                    ? "OfferAmountChanged"
                    : null;
        await send(
          expected,
          () => as(caller).marketplace.write.settleOffer([offerId, action.accepted, expectedAmount]),
          () => {
            const fee = model.offerFee(offer!.amount, offer!.format);
            if (action.accepted) {
              offer!.status = 2;
              model.paySeller(model.market, offer!.seller, offer!.amount);
              model.move(model.market, model.vault, fee);
              model.fees += fee;
            } else {
              offer!.status = 3;
              model.move(model.market, offer!.buyer, offer!.amount + fee);
            }
          },
        );
        break;
      }
      case "reclaimOffer": {
        const offerId = pickOffer(action.pick);
        const offer = model.offers[Number(offerId) - 1];
        const caller = action.callerIsBuyer && offer ? offer.buyer : addr[action.caller]!;
        const expected =
          caller !== offer?.buyer ? "NotBuyer" : offer.status !== 1 ? "OfferNotOpen" : t < offer.expiresAt ? "OfferNotExpired" : null;
        await send(
          expected,
          () => as(caller).marketplace.write.reclaimOffer([offerId]),
          () => {
            offer!.status = 4;
            model.move(model.market, offer!.buyer, offer!.amount + model.offerFee(offer!.amount, offer!.format));
          },
        );
        break;
      }
      case "deposit": {
        const caller = addr[action.caller]!;
        const value = action.units * WEI_PER_LEDGER_UNIT + (action.partial ? 1n : 0n);
        const expected = model.vaultPaused
          ? "EnforcedPause"
          : value === 0n
            ? "ZeroAmount"
            : action.partial
              ? "NotWholeLedgerUnits"
              : model.balance(caller) < value
                ? "ERC20InsufficientBalance"
                : null;
        await send(
          expected,
          () => as(caller).vault.write.deposit([value, id(`ref-${action.caller}`)]),
          () => {
            model.reserve += value;
            model.move(caller, model.vault, value);
          },
        );
        break;
      }
      case "payout": {
        const caller = action.byOperator ? operator : addr[action.to]!;
        const withdrawalId =
          action.reuse && model.withdrawals.length > 0
            ? model.withdrawals[action.pick % model.withdrawals.length]!
            : id(`w-${step}-${action.pick}`);
        const value =
          action.units !== null
            ? action.units * WEI_PER_LEDGER_UNIT
            : ((model.reserve * BigInt(action.share)) / 1000n / WEI_PER_LEDGER_UNIT) * WEI_PER_LEDGER_UNIT;
        const to = addr[action.to]!;
        const period = t / PERIOD;
        const paid = model.paid(period);
        const remaining = paid >= model.payoutLimit ? 0n : model.payoutLimit - paid;
        const expected =
          caller !== operator
            ? "AccessControlUnauthorizedAccount"
            : model.vaultPaused
              ? "EnforcedPause"
              : model.withdrawals.includes(withdrawalId)
                ? "WithdrawalAlreadyPaid"
                : value === 0n
                  ? "ZeroAmount"
                  : value > model.reserve
                    ? "InsufficientReserve"
                    : value > remaining
                      ? "PayoutLimitExceeded"
                      : null;
        await send(
          expected,
          () => as(caller).vault.write.payout([to, value, withdrawalId]),
          () => {
            model.withdrawals.push(withdrawalId);
            model.reserve -= value;
            model.paidInPeriod.set(period, paid + value);
            model.move(model.vault, to, value);
          },
        );
        break;
      }
      case "setPayoutLimit": {
        const caller = action.byAdmin ? admin : addr[action.caller]!;
        // The admin's setting works while the vault is paused.
        await send(
          caller !== admin ? "AccessControlUnauthorizedAccount" : null,
          () => as(caller).vault.write.setPayoutLimit([action.limit]),
          () => {
            model.payoutLimit = action.limit;
          },
        );
        break;
      }
      case "mint": {
        const to = addr[action.to]!;
        await send(
          null,
          () => as(admin).token.write.mint([to, action.amount]),
          () => {
            model.supply += action.amount;
            model.move(null, to, action.amount);
          },
        );
        break;
      }
      case "pause": {
        const paused = action.target === "marketplace" ? model.marketPaused : model.vaultPaused;
        const { marketplace: m, vault: v } = as(admin);
        const toggle = () =>
          action.target === "marketplace" ? (paused ? m.write.unpause() : m.write.pause()) : paused ? v.write.unpause() : v.write.pause();
        await send(null, toggle, () => {
          if (action.target === "marketplace") model.marketPaused = !paused;
          else model.vaultPaused = !paused;
        });
        break;
      }
    }
    await check(step, action);
  }

  // Every order and offer resolved at most once (events), and its status on chain is the model's.
  const logs = await publicClient.getLogs({ address: marketplace.address, fromBlock: fx.startBlock + 1n });
  const events = parseEventLogs({ abi: system.marketplaceAbi, logs });
  const orderResolutions = new Map<Hex, number>();
  const offerResolutions = new Map<bigint, number>();
  for (const event of events) {
    if (event.eventName === "Released" || event.eventName === "Refunded") {
      orderResolutions.set(event.args.orderId, (orderResolutions.get(event.args.orderId) ?? 0) + 1);
    } else if (event.eventName === "OfferSettled" || event.eventName === "OfferReclaimed") {
      offerResolutions.set(event.args.offerId, (offerResolutions.get(event.args.offerId) ?? 0) + 1);
    }
  }
  for (const [orderId, count] of orderResolutions) expect(count, `resolutions of order ${orderId}`).to.equal(1);
  for (const [offerId, count] of offerResolutions) expect(count, `resolutions of offer ${offerId}`).to.equal(1);
  for (const [orderId, order] of model.orders) {
    expect((await marketplace.read.getOrder([orderId])).status, `status of order ${orderId}`).to.equal(order.status);
    expect(orderResolutions.get(orderId) ?? 0).to.equal(order.status >= 2 ? 1 : 0);
  }
  for (const [i, offer] of model.offers.entries()) {
    const onChain = await marketplace.read.getOffer([BigInt(i + 1)]);
    expect([onChain.status, onChain.amount, onChain.expiresAt], `offer ${i + 1}`).to.deep.equal([
      offer.status,
      offer.amount,
      offer.expiresAt,
    ]);
    expect(offerResolutions.get(BigInt(i + 1)) ?? 0).to.equal(offer.status >= 2 ? 1 : 0);
  }
  expect(await marketplace.read.offerCount()).to.equal(BigInt(model.offers.length));

  // The payout limit held: replaying the vault's events in order, the sum paid within a period never
  // passed the limit in force when each payout was made (the limit set at deployment to begin with).
  const vaultLogs = parseEventLogs({
    abi: system.vaultAbi,
    logs: await publicClient.getLogs({ address: vault.address, fromBlock: fx.startBlock + 1n }),
  });
  const times = new Map<bigint, bigint>();
  for (const log of vaultLogs) {
    if (!times.has(log.blockNumber)) times.set(log.blockNumber, (await publicClient.getBlock({ blockNumber: log.blockNumber })).timestamp);
  }
  let limit = INITIAL_PAYOUT_LIMIT;
  const paidByPeriod = new Map<bigint, bigint>();
  for (const log of vaultLogs) {
    if (log.eventName === "PayoutLimitChanged") {
      expect(log.args.previousLimit).to.equal(limit);
      limit = log.args.newLimit;
    } else if (log.eventName === "PaidOut") {
      const period = times.get(log.blockNumber)! / PERIOD;
      const sum = (paidByPeriod.get(period) ?? 0n) + log.args.amount;
      expect(sum <= limit, `payouts of period ${period} reach ${sum} wei, over the limit of ${limit}`).to.equal(true);
      paidByPeriod.set(period, sum);
    }
  }
  for (const [period, sum] of paidByPeriod)
    expect(await vault.read.paidOutInPeriod([period]), `paid out in period ${period}`).to.equal(sum);
}

describe("invariants (property tests)", () => {
  after(() => {
    const lines = [...outcomes].map(([kind, byOutcome]) => {
      const total = [...byOutcome.values()].reduce((a, b) => a + b, 0);
      return `      ${kind.padEnd(13)} ${String(total).padStart(5)}  ${[...byOutcome].map(([k, n]) => `${k} ${n}`).join(", ")}`;
    });
    console.log(`    calls made by the property tests:\n${lines.join("\n")}`);
  });

  for (const [label, fixture, window] of [
    ["dispute window 0 (the seller is paid at once)", instantFixture, 0n],
    [`dispute window ${WINDOW} s (escrow)`, escrowFixture, WINDOW],
  ] as const) {
    it(`hold over ${RUNS} random sequences of up to ${MAX_STEPS} steps, ${label}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(actionArb, { minLength: 5, maxLength: MAX_STEPS, size: "max" }), async (actions) => {
          const fx = await loadFixture(fixture);
          await runSequence(fx, window, actions);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  }
});
