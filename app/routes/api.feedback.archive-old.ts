// /api/feedback/archive-old: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/feedback/archive-old");
export const loader = apiLoader("/api/feedback/archive-old");
