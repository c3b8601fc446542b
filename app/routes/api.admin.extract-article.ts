// /api/admin/extract-article: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/extract-article");
export const loader = apiLoader("/api/admin/extract-article");
