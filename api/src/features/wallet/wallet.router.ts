import { Router } from "express";
import { connectWalletSchema } from "@loop/rules/schemas/auth";
import type { RouterDeps } from "../../deps";
import { parseBody } from "../../http/validate";
import { requireUser } from "../auth/require-user";
import { verifySignedMessage } from "../auth/siwe.service";
import { toCurrentUser } from "../users/user.view";
import { linkWallet, unlinkWallet } from "./wallet.service";

export function walletRouter(deps: RouterDeps): Router {
  const { limits } = deps;
  const router = Router();

  router.post("/auth/connect-wallet", limits.walletSignIn, async (req, res) => {
    const user = requireUser(req);
    const body = parseBody(req, connectWalletSchema);
    const wallet = await verifySignedMessage(deps, { message: body.message, signature: body.signature, address: body.walletAddress });
    res.json(toCurrentUser(await linkWallet(deps.prisma, user.id, wallet.address, wallet.chainId)));
  });

  router.post("/auth/disconnect-wallet", async (req, res) => {
    const user = requireUser(req);
    res.json(toCurrentUser(await unlinkWallet(deps.prisma, user.id)));
  });

  return router;
}
