// /api/admin/users/{id}: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/users/{id}");
export const loader = apiLoader("/api/admin/users/{id}");
