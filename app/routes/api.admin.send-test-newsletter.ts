// /api/admin/send-test-newsletter: the endpoint list's operation (app/api/registry.server.ts).
import { apiAction, apiLoader } from "~/http/api.server";

export const action = apiAction("/api/admin/send-test-newsletter");
export const loader = apiLoader("/api/admin/send-test-newsletter");
