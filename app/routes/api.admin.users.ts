// /api/admin/users: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/users");
export const loader = apiLoader("/api/admin/users");
