// /api/admin/subscribers/{id}/status: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/subscribers/{id}/status");
export const loader = apiLoader("/api/admin/subscribers/{id}/status");
