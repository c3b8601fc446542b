// /api/admin/fix-priorities: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/fix-priorities");
export const loader = apiLoader("/api/admin/fix-priorities");
