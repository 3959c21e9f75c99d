CREATE TABLE "payment_exceptions" (
	"exception_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"loan_id" text,
	"allocation_month" text,
	"amount_minor" bigint NOT NULL,
	"expected_minor" bigint,
	"expected_from" text,
	"paid_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"reference" text,
	"link_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_id" text,
	"remarks" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_payments" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "event_outcome" text;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_source_ref" ON "payment_exceptions" USING btree ("company_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "payment_exceptions_queue" ON "payment_exceptions" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_source_ref" ON "loan_payments" USING btree ("company_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "payment_gateway_events_payment" ON "payment_gateway_events" USING btree ("company_id","pg_vendor","gateway_payment_id");