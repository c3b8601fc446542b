// Subscribers as the newsletter tests need them: addresses that already confirmed (double opt-in done).
import { db, first, t } from "~/db.server";

export async function addConfirmedSubscriber(email: string, source = "homepage") {
  const subscriber = await first(db().insert(t.subscribers).values({ email, source, isActive: true, confirmedAt: new Date() }).returning());
  return subscriber!;
}
