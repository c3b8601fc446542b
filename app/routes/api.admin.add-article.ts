// /api/admin/add-article: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/add-article");
export const loader = apiLoader("/api/admin/add-article");
