CREATE TABLE "rate_limit_counters" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expiry" ON "rate_limit_counters" USING btree ("expires_at");