ALTER TABLE "jobs" ADD COLUMN "schedule_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_key_unique" ON "jobs" USING btree ("schedule_key");