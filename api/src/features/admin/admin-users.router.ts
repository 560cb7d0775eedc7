import {
  banRequestSchema,
  saleHoldRequestSchema,
  setAdminRequestSchema,
  warningRequestSchema,
  withdrawalSuspensionRequestSchema,
} from "@loop/rules/schemas/admin-users";
import { Router } from "express";
import type { RouterDeps } from "../../deps";
import { adminAction, adminList } from "./admin-action";
import { listAdminUsers, setAdminStatus, setBanStatus, setSaleHold, setWithdrawalSuspension, warnUser } from "./admin-users.service";

// GET /api/admin/users, PUT /api/admin/users/:id/admin, PUT /api/admin/users/:id/ban, POST /api/admin/users/:id/warning,
// PATCH /api/admin/users/:id/sale-hold, PUT /api/admin/users/:id/withdrawals.
export function adminUsersRouter(deps: RouterDeps): Router {
  const { prisma } = deps;
  const router = Router();
  router.get("/users", adminList(prisma, listAdminUsers));
  router.put("/users/:id/admin", adminAction(prisma, setAdminRequestSchema, setAdminStatus));
  router.put("/users/:id/ban", adminAction(prisma, banRequestSchema, setBanStatus));
  router.post("/users/:id/warning", adminAction(prisma, warningRequestSchema, warnUser, 201));
  router.patch("/users/:id/sale-hold", adminAction(prisma, saleHoldRequestSchema, setSaleHold));
  router.put("/users/:id/withdrawals", adminAction(prisma, withdrawalSuspensionRequestSchema, setWithdrawalSuspension));
  return router;
}
