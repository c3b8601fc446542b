// /api/admin/update-password: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/update-password");
export const loader = apiLoader("/api/admin/update-password");
