// Wallet purchases → app: how fast a LoopMarketplace.purchase paid from the buyer's own wallet is
// visible through the API, with the real parts of `pnpm dev` and nothing mocked (the stack of
// chain-harness.mjs withChainStack: a Hardhat node (chain 31337) with the contracts deployed by
// contracts/scripts/deploy.ts, a scratch embedded Postgres migrated by the API's `migrate`, the real
// API (src/main.ts in its own process, quote signer and operator keys of the local chain, its
// settlement worker on with the default SETTLEMENT_POLL_MS) and Ponder (`ponder start` on schema
// "indexer").
//
// Set-up: a buyer and a seller, each signed in (user + session by SQL) with a linked wallet
// (app.wallet_links, chain 31337: the seller is paid on chain), and N listed loops of the seller
// (ready, public, $1.99). The buyer's fresh key gets 10 ETH and LOOP minted by the operator key for
// all N purchases, and approves LoopMarketplace once for that total.
// Latency: for each loop in turn (automine on), POST /api/purchases/quote {loopId, format "mp3"}
// with the buyer's session, then LoopMarketplace.purchase(quote, signature) signed in Node and
// sent raw; the moment the node has answered the transaction hash (automine: the block is mined
// before it answers) is "mined". POST /api/purchases/crypto {loopId, format, txHash, orderId} is
// polled every 10 ms until it answers 200 {status "completed"} ("visible": recorded by the API's
// settlement of the indexed Purchased event). Latency = visible − mined; p50 / p95 / max are
// printed, and the split at the moment the row is in indexer.purchased (polled alongside). Checked
// after: N wallet purchases recorded for the buyer and the seller's wallet paid N prices on chain.
// Budget: p95 at most 1,500 ms (issue 7). Knobs: BENCH_PURCHASES (default 40), BENCH_VERBOSE=1.
import http from "node:http";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { decodeFunctionResult, encodeFunctionData } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loopMarketplaceAbi, loopTokenAbi } from "../../contracts/generated/abis.mjs";
import { apiRequest, createSignedInUser, loadAverage, percentile } from "./api-harness.mjs";
import { fundedWallet, lastLines, minedToVisible, rpcCall, withChainStack } from "./chain-harness.mjs";

export const name = "purchases";
export const description =
  "mined LoopMarketplace.purchase from the buyer's wallet → purchase visible through POST /api/purchases/crypto (p95)";
export const LATENCY_P95_BUDGET_MS = 1_500;

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 40);
const PRICE_CENTS = 199;
const FORMAT = "mp3";
const STATUS_POLL_MS = 10;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A user signed in by SQL with `address` linked as its wallet on chain 31337. */
async function userWithWallet(db, username, address) {
  const user = await createSignedInUser(db, username);
  await db.query(`INSERT INTO "app"."wallet_links" ("user_id", "address", "chain_id") VALUES ($1, $2, 31337)`, [user.id, address]);
  return user;
}

/** `count` ready, public loops of `userId` at PRICE_CENTS (as api/test/settlement.test.ts listedLoop); their ids. */
async function listedLoops(db, userId, count) {
  const { rows } = await db.query(
    `INSERT INTO "app"."loops" ("id", "user_id", "genre_id", "title", "status", "is_public", "price_cents", "is_free", "original_key", "original_format")
     SELECT id, $1, (SELECT min("id") FROM "app"."genres"), 'Bench loop ' || left(id::text, 6), 'ready', true, $2, false, 'loops/' || id || '/original', 'wav'
     FROM unnest($3::uuid[]) AS t(id) RETURNING "id"`,
    [userId, PRICE_CENTS, Array.from({ length: count }, () => randomUUID())],
  );
  return rows.map((row) => row.id);
}

/** POST with the user's session; the answer's body, throwing unless the status is `expected`. */
async function post(apiPort, user, urlPath, body, expected, agent) {
  const answer = await apiRequest(apiPort, "POST", urlPath, { cookie: user.cookie, agent, body });
  if (!expected.includes(answer.status)) throw new Error(`POST ${urlPath}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer;
}

const quoteFor = async (apiPort, buyer, loopId, agent) =>
  (await post(apiPort, buyer, "/api/purchases/quote", { loopId, format: FORMAT }, [201], agent)).body;

/** The quote as LoopMarketplace.purchase takes it (amounts as bigints). */
const quoteArgs = ({ quote, signature }) => [
  { ...quote, price: BigInt(quote.price), fee: BigInt(quote.fee), deadline: BigInt(quote.deadline) },
  signature,
];

/**
 * The purchases one after the other; for each, ms from mined to POST /api/purchases/crypto
 * answering 200 ("visible"), split at the moment its row is in indexer.purchased.
 */
async function purchaseLatencies({ wallet, db, rpc, apiPort, buyer, loops, firstQuote }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const samples = [];
  try {
    for (const [index, loopId] of loops.entries()) {
      const q = index === 0 ? firstQuote : await quoteFor(apiPort, buyer, loopId, agent);
      let completed = null;
      const sample = await minedToVisible({
        rpc,
        db,
        table: "purchased",
        what: "purchase",
        pollMs: STATUS_POLL_MS,
        send: () => wallet.writeContract({ address: q.marketplace, abi: loopMarketplaceAbi, functionName: "purchase", args: quoteArgs(q) }),
        isVisible: async (txHash) => {
          const report = { loopId, format: FORMAT, txHash, orderId: q.quote.orderId, token: "LOOP" };
          const answer = await post(apiPort, buyer, "/api/purchases/crypto", report, [200, 202], agent);
          if (answer.status === 200) completed = answer.body;
          return answer.status === 200;
        },
      });
      if (completed.status !== "completed" || completed.purchase?.method !== "wallet")
        throw new Error(`purchase of ${loopId}: ${JSON.stringify(completed).slice(0, 300)}`);
      samples.push(sample);
    }
  } finally {
    agent.destroy();
  }
  return samples;
}

/** LOOP wei held by `address` (LoopToken.balanceOf). */
async function tokenBalance(rpc, token, address) {
  const data = encodeFunctionData({ abi: loopTokenAbi, functionName: "balanceOf", args: [address] });
  return decodeFunctionResult({
    abi: loopTokenAbi,
    functionName: "balanceOf",
    data: await rpcCall(rpc, "eth_call", [{ to: token, data }, "latest"]),
  });
}

export async function run({ log }) {
  return withChainStack({ name, log }, async (stack) => {
    const { db, rpc, manifest, apiPort, loadAtStart, startedAt } = stack;
    const apiUp = stack.startApi();
    const ponder = stack.startIndexer();
    const buyerAccount = privateKeyToAccount(generatePrivateKey());
    const sellerAddress = privateKeyToAccount(generatePrivateKey()).address;
    const buyer = await userWithWallet(db, "bench_buyer", buyerAccount.address);
    const seller = await userWithWallet(db, "bench_seller", sellerAddress);
    const loops = await listedLoops(db, seller.id, PURCHASES);
    await apiUp;
    await ponder.ready().catch((error) => {
      throw new Error(`${error.message}\n${lastLines(ponder.child)}`, { cause: error });
    });
    log(
      `chain, contracts, Postgres, API and Ponder ready in ${seconds(performance.now() - startedAt)}; ${PURCHASES} purchases one after the other`,
    );

    // Every loop has the same price and format: the first quote's total times N pays for all.
    const firstQuote = await quoteFor(apiPort, buyer, loops[0]);
    const allowance = BigInt(firstQuote.totalWei) * BigInt(PURCHASES);
    const wallet = await fundedWallet(rpc, manifest, {
      account: buyerAccount,
      loop: allowance,
      spender: firstQuote.marketplace,
      allowance,
    });
    const sellerBefore = await tokenBalance(rpc, firstQuote.token, sellerAddress);
    const measured = performance.now();
    const latencies = await purchaseLatencies({ wallet, db, rpc, apiPort, buyer, loops, firstQuote });
    const measuredMs = performance.now() - measured;

    const { rows } = await db.query(`SELECT COUNT(*)::int AS n FROM "app"."purchases" WHERE "buyer_id" = $1 AND "method" = 'wallet'`, [
      buyer.id,
    ]);
    const sellerPaid = (await tokenBalance(rpc, firstQuote.token, sellerAddress)) - sellerBefore;
    const problems = [];
    if (rows[0].n !== PURCHASES) problems.push(`${rows[0].n} wallet purchases recorded for the buyer, expected ${PURCHASES}`);
    if (sellerPaid !== BigInt(firstQuote.quote.price) * BigInt(PURCHASES))
      problems.push(`the seller's wallet received ${sellerPaid} wei, expected ${PURCHASES} × ${firstQuote.quote.price}`);

    const by = (key) => latencies.map((sample) => sample[key]).sort((a, b) => a - b);
    const stats = (sorted) =>
      `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
    const total = by("visible");
    const details = [
      `purchase mined → visible through POST /api/purchases/crypto: ${stats(total)}, min ${total[0].toFixed(0)} ms (${latencies.length} purchases in ${seconds(measuredMs)}, polled every ${STATUS_POLL_MS} ms)`,
      `  of which mined → row in indexer.purchased: ${stats(by("indexed"))}; row → visible: ${stats(by("settled"))}`,
      `checked: ${rows[0].n} wallet purchases recorded for the buyer; the seller's wallet received ${sellerPaid / 10n ** 18n} LOOP on chain`,
      `(machine: ${os.cpus().length} CPU, load average ${loadAtStart} at the start, ${loadAverage()} at the end: chain, Ponder, API, Postgres and the bench share it)`,
    ];
    if (problems.length > 0) throw new Error(`${problems.join("; ")}:\n${details.join("\n")}`);
    return { value: percentile(total, 95), unit: "ms p95", budget: LATENCY_P95_BUDGET_MS, lowerIsBetter: true, details };
  });
}
