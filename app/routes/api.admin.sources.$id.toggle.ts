// /api/admin/sources/{id}/toggle: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/sources/{id}/toggle");
export const loader = apiLoader("/api/admin/sources/{id}/toggle");
