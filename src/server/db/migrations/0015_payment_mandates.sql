CREATE TABLE "payment_mandate_debits" (
	"debit_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"mandate_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"due_date" text NOT NULL,
	"attempt" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"failure_reason" text,
	"payment_id" text,
	"gateway_payment_id" text,
	"presented_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_mandates" (
	"mandate_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	"emi_minor" bigint NOT NULL,
	"max_minor" bigint NOT NULL,
	"debit_day" integer NOT NULL,
	"first_debit_date" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"auth_url" text,
	"gateway_ref" text,
	"auth_failure" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_mandate_debits" ADD CONSTRAINT "payment_mandate_debits_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandate_debits" ADD CONSTRAINT "payment_mandate_debits_mandate_id_payment_mandates_mandate_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."payment_mandates"("mandate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mandate_debits_due" ON "payment_mandate_debits" USING btree ("mandate_id","due_date","attempt");--> statement-breakpoint
CREATE INDEX "payment_mandate_debits_company" ON "payment_mandate_debits" USING btree ("company_id","presented_at");--> statement-breakpoint
CREATE INDEX "payment_mandates_loan" ON "payment_mandates" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_mandates_status" ON "payment_mandates" USING btree ("status","debit_day");