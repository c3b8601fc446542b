// Subscribers as the newsletter tests need them: addresses that already confirmed (double opt-in done).
import { db, t } from "~/db.server";

export function addConfirmedSubscriber(email: string, source = "homepage") {
  return db().insert(t.subscribers).values({ email, source, isActive: true, confirmedAt: new Date() }).returning().get();
}
