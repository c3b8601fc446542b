// /api/admin/update-email: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/update-email");
export const loader = apiLoader("/api/admin/update-email");
