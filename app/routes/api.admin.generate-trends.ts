// /api/admin/generate-trends: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/generate-trends");
export const loader = apiLoader("/api/admin/generate-trends");
