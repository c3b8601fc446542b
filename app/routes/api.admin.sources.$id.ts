// /api/admin/sources/{id}: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/sources/{id}", "Use PATCH to edit a source or DELETE to delete it.");
export const loader = apiLoader("/api/admin/sources/{id}");
