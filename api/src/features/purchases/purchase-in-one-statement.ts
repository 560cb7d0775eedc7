// POST /api/purchases paid with the in-app balance, in one statement (app.purchase_in_app,
// migration 20261210090000_purchase_in_app): the purchase's transaction held the buyer's and the
// seller's accounts and a shard of fees over ten round trips, idle while its API served other
// requests; under load the other payments of those members waited on it (docs/capacity.md).
//
// The facts are read first, outside any transaction, and the purchase is priced from them by the
// transaction path's own rules (pricedPurchase, purchaseXpAwards, paymentAmounts, saleNotifications,
// toPurchase): that is the draft. The statement checks under its locks that the draft still holds,
// then claims the Idempotency-Key, awards the XP, posts the entry and writes the purchase row (its
// licence), the notifications and the stored answer, with the rewards of the levels the XP reaches:
// one round trip, one commit. Anything the draft does not cover (a refusal, a free loop, facts
// changed meanwhile beyond what it covers) goes to the transaction path, which answers it as it
// always did.
import { randomUUID } from "node:crypto";
import { FIRST_LEVEL, levelForExperience, totalXpForLevel } from "@loop/rules/levels";
import { type PurchaseRequest } from "@loop/rules/schemas/purchases";
import { hotQuery } from "../../db/hot-query";
import type { AppDeps } from "../../deps";
import { DomainError } from "../../domain-error";
import { type Answer, idempotencyConflict } from "../../http/idempotency";
import { paymentAmounts } from "../ledger/ledger-payments";
import { anyShard, shardOf } from "../ledger/ledger.service";
import { levelReward, type XpAward } from "../levels/award-xp";
import { announceCommitted, announceMarksChanged } from "../notifications/notification-announcer";
import { purchaseFacts, type LevelFacts } from "./purchase-facts";
import {
  pricedPurchase,
  purchaseDescription,
  purchaseDownloadUrl,
  purchaseKey,
  purchaseXpAwards,
  type PricedPurchase,
} from "./purchases.service";
import { saleNotifications, toPurchase, type CompletedPurchase } from "./record-purchase";
import { sendPurchaseMails } from "./send-purchase-mails";

const PURCHASE_SQL = `
  SELECT "outcome", "status", "response", "notification_users"::text[] AS "notification_users",
         "notification_ids"::text[] AS "notification_ids"
  FROM "app"."purchase_in_app"($1::uuid, $2::uuid, $3::text,
    $4::uuid, $5::text, $6::int, $7::text, $8::boolean, $9::boolean, $10::int,
    $11::uuid[], $12::text[], $13::text[], $14::int[], $15::int[], $16::int[],
    $17::uuid[], $18::int[], $19::int[], $20::bigint[], $21::text[], $22::text[], $23::text[], $24::text[], $25::int,
    $26::text, $27::text, $28::text,
    $29::uuid, $30::text, $31::text, $32::bigint[], $33::bigint, $34::int,
    $35::uuid, $36::int, $37::bigint, $38::timestamptz,
    $39::uuid[], $40::text[], $41::text[], $42::text[], $43::text[], $44::text[],
    $45::text, $46::text, 201, $47::text, $48::text)`;

interface PurchaseRow {
  outcome: "posted" | "replay" | "conflict" | "transaction_path";
  status: number | null;
  response: string | null;
  notification_users: string[] | null;
  notification_ids: string[] | null;
}

/** Stands for the licence's id in the answer written before the licence exists. */
const LICENCE_MARK = "<licence>";

/** The purchase's answer and what runs once it is sent (the e-mails); null when the transaction path must answer. */
export interface PurchaseInOneStatement {
  answer: Answer;
  afterCommit?: () => void;
}

/**
 * What the draft covers of an award's levels: from the level read up to one beyond the level the
 * award reaches as read (a concurrent gain of up to a level is still covered), each with the
 * experience that reaches it and its reward; and the experience of the first level not covered.
 */
function coveredLevels(award: XpAward, { level, experience }: LevelFacts) {
  const reached = Math.max(level, levelForExperience(experience + award.xp));
  const levels = [];
  for (let next = level + 1; next <= reached + 1; next++) {
    levels.push({ ...levelReward(award.userId, next), reachedAt: totalXpForLevel(next), reached: next <= reached });
  }
  return { levels, upAt: totalXpForLevel(reached + 2) };
}

/**
 * The purchase of `input` by `buyerId` in one statement, for a paid loop whose purchase the facts
 * allow; null (nothing written) for any other request, or when the facts changed meanwhile, which
 * the transaction path (purchaseLoop) then answers. `key` and `hash` are the Idempotency-Key (null
 * without one) and its request's hash.
 */
export async function purchaseInOneStatement(
  deps: Pick<AppDeps, "config" | "logger" | "mailer" | "prisma">,
  buyerId: string,
  input: PurchaseRequest,
  signingKey: string,
  key: string | null,
  hash: string,
): Promise<PurchaseInOneStatement | null> {
  const { prisma, logger } = deps;
  const facts = await purchaseFacts(prisma, buyerId, input.loopId, input.format);
  let priced: PricedPurchase;
  try {
    priced = pricedPurchase(facts, buyerId, input);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
  const { loop, units } = priced;
  if (!facts || !units) return null;
  const awards = purchaseXpAwards(priced, buyerId);
  const levelOf = (userId: string) => (userId === buyerId ? facts.buyer : facts.seller);
  const covered = awards.map((award) => coveredLevels(award, levelOf(award.userId)));
  const rewards = covered.flatMap(({ levels }) => levels);
  // The buyer's rewards are paid before the purchase, and spent on it first (promotional LOOP), as in the transaction.
  const buyerRewards = rewards.filter((reward) => reward.reached && reward.userId === buyerId);
  const promoAvailable = facts.promoAvailableUnits + buyerRewards.reduce((sum, reward) => sum + reward.units, 0n);
  const levelUp = levelReward(buyerId, FIRST_LEVEL + 1).notice(true);

  const { format } = input;
  const paid = paymentAmounts(units.price, units.fee, promoAvailable);
  const notifications = saleNotifications({ loop, buyerId, format, priceCents: priced.priceCents });
  const id = randomUUID();
  const createdAt = new Date();
  const purchase = toPurchase(
    {
      id,
      createdAt,
      format,
      method: priced.method,
      priceCents: priced.priceCents,
      feeCents: priced.feeCents,
      loopUnits: units.total,
      licence: { id: LICENCE_MARK },
    },
    loop,
    purchaseDownloadUrl(signingKey, loop.id, format, buyerId, createdAt.getTime()),
  );
  // The licence's id is the answer's last field: nothing a member wrote comes after the mark.
  const response = JSON.stringify(purchase);
  const at = response.lastIndexOf(LICENCE_MARK);

  const rows = await hotQuery<PurchaseRow>(prisma, "loop_purchase_in_app", PURCHASE_SQL, [
    buyerId,
    loop.id,
    format,
    loop.userId,
    loop.title,
    loop.priceCents,
    loop.status,
    loop.isPublic,
    loop.unlisted,
    Number(facts.feeBps),
    awards.map((award) => award.userId),
    awards.map((award) => award.event),
    awards.map((award) => award.key),
    awards.map((award) => award.xp),
    awards.map((award) => levelOf(award.userId).level),
    covered.map(({ upAt }) => upAt),
    rewards.map((reward) => reward.userId),
    rewards.map((reward) => reward.level),
    rewards.map((reward) => reward.reachedAt),
    rewards.map((reward) => reward.units.toString()),
    rewards.map((reward) => reward.key),
    rewards.map((reward) => reward.description),
    rewards.map((reward) => reward.notice(true).message),
    rewards.map((reward) => reward.notice(false).message),
    anyShard(),
    levelUp.title,
    levelUp.actionUrl,
    levelUp.actionText,
    randomUUID(),
    purchaseKey(buyerId, loop.id, format),
    purchaseDescription(loop, format),
    paid.amounts.map(String),
    promoAvailable.toString(),
    shardOf(buyerId),
    id,
    priced.feeCents,
    units.total.toString(),
    createdAt.toISOString(),
    notifications.map((notification) => notification.userId),
    notifications.map((notification) => notification.type),
    notifications.map((notification) => notification.title),
    notifications.map((notification) => notification.message),
    notifications.map((notification) => notification.actionUrl ?? null),
    notifications.map((notification) => notification.actionText ?? null),
    key,
    hash,
    response.slice(0, at),
    response.slice(at + LICENCE_MARK.length),
  ]);
  const row = rows[0]!;
  switch (row.outcome) {
    case "transaction_path":
      return null;
    case "conflict":
      throw idempotencyConflict();
    case "replay":
      return { answer: { kind: "replay", status: row.status!, response: row.response! } };
    case "posted": {
      row.notification_ids!.forEach((notificationId, i) => announceCommitted(prisma, row.notification_users![i]!, notificationId, logger));
      announceMarksChanged(prisma, buyerId, logger);
      const done: CompletedPurchase = {
        purchase: JSON.parse(row.response!) as CompletedPurchase["purchase"],
        sellerId: loop.userId,
        buyerId,
      };
      return {
        answer: { kind: "replay", status: row.status!, response: row.response! },
        afterCommit: () => void sendPurchaseMails(deps, signingKey, done),
      };
    }
  }
  throw new Error(`purchase_in_app: unknown outcome ${String(row.outcome)}`);
}
