CREATE TABLE "loan_month_count_deltas" (
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"live" integer NOT NULL,
	"archived" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "loan_month_count_deltas_month" ON "loan_month_count_deltas" USING btree ("company_id","allocation_month");