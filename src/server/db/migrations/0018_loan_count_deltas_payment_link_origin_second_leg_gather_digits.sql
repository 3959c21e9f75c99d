CREATE TABLE "loan_month_count_deltas" (
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"live" integer NOT NULL,
	"archived" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "origin_kind" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "origin_id" text;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "second_leg" jsonb;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "gather_digits" text;--> statement-breakpoint
CREATE INDEX "loan_month_count_deltas_month" ON "loan_month_count_deltas" USING btree ("company_id","allocation_month");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_origin" ON "payment_links" USING btree ("company_id","origin_kind","origin_id") WHERE origin_id is not null;