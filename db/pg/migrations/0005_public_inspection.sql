ALTER TABLE "articles" ADD COLUMN "public_inspection_publishes_on" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "special_filing" boolean DEFAULT false NOT NULL;