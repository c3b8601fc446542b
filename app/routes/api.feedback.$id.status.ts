// /api/feedback/{id}/status: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/feedback/{id}/status");
export const loader = apiLoader("/api/feedback/{id}/status");
