// /api/invitations: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/invitations");
export const loader = apiLoader("/api/invitations");
