// An admin's action on one record (`:id`), as the admin routers answer it: the signed-in admin's id
// (the routes sit behind requireAdmin), the record's id and the body checked with the route's
// schema go to the service, `act(prisma, adminId, id, body)`, and its answer is the response.
// An admin list (users, loops) is read with the shared list query (search, limit, offset).
import { adminListQuerySchema, type AdminListQuery } from "@loop/rules/schemas/admin-users";
import type { RequestHandler } from "express";
import type { z } from "zod";
import type { PrismaClient } from "../../db/prisma";
import { parseBody, parseQuery } from "../../http/validate";
import { requireUser } from "../auth/require-user";

export function adminAction<S extends z.ZodType>(
  prisma: PrismaClient,
  schema: S,
  act: (prisma: PrismaClient, adminId: string, id: string, body: z.output<S>) => Promise<unknown>,
  status = 200,
): RequestHandler<{ id: string }> {
  return async (req, res) => {
    const admin = requireUser(req);
    res.status(status).json(await act(prisma, admin.id, req.params.id, parseBody(req, schema)));
  };
}

export function adminList(prisma: PrismaClient, list: (prisma: PrismaClient, query: AdminListQuery) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    res.json(await list(prisma, parseQuery(req, adminListQuerySchema)));
  };
}
