// /api/admin/scrape: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/scrape");
export const loader = apiLoader("/api/admin/scrape");
