// /api/articles/{id}/category: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/articles/{id}/category");
export const loader = apiLoader("/api/articles/{id}/category");
