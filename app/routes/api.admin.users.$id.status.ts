// /api/admin/users/{id}/status: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/users/{id}/status");
export const loader = apiLoader("/api/admin/users/{id}/status");
