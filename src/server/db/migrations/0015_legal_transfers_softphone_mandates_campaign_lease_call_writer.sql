CREATE TABLE "payment_link_batch_items" (
	"batch_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seq" integer NOT NULL,
	"loan_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"link_id" text,
	"reason" text,
	CONSTRAINT "payment_link_batch_items_batch_id_seq_pk" PRIMARY KEY("batch_id","seq")
);
--> statement-breakpoint
CREATE TABLE "payment_link_batches" (
	"batch_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"send_via" text NOT NULL,
	"template_id" text,
	"expiry_minutes" integer,
	"origin" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"total" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "legal_exports" (
	"export_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"report" text NOT NULL,
	"batch_id" text,
	"from_day" date,
	"to_day" date,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_name" text,
	"message" text,
	"created_by" text NOT NULL,
	"unmasked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legal_import_errors" (
	"import_id" text NOT NULL,
	"company_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "legal_import_errors_row" UNIQUE("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "legal_imports" (
	"import_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"import_type" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_kind" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"data_rows" integer DEFAULT 0 NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" text NOT NULL,
	"created_by_profession" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "loans_month_dpd";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_call_type" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_name" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_type" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_time_limit" integer;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "dialer_off_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "dialer_off_event" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "sip_actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "loan_write_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "offered_agent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_link_batch_items" ADD CONSTRAINT "payment_link_batch_items_batch_id_payment_link_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_link_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_batch_items" ADD CONSTRAINT "payment_link_batch_items_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_batches" ADD CONSTRAINT "payment_link_batches_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandate_debits" ADD CONSTRAINT "payment_mandate_debits_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandate_debits" ADD CONSTRAINT "payment_mandate_debits_mandate_id_payment_mandates_mandate_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."payment_mandates"("mandate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_exports" ADD CONSTRAINT "legal_exports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_import_errors" ADD CONSTRAINT "legal_import_errors_import_id_legal_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legal_imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_import_errors" ADD CONSTRAINT "legal_import_errors_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_imports" ADD CONSTRAINT "legal_imports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_link_batches_company" ON "payment_link_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mandate_debits_due" ON "payment_mandate_debits" USING btree ("mandate_id","due_date","attempt");--> statement-breakpoint
CREATE INDEX "payment_mandate_debits_company" ON "payment_mandate_debits" USING btree ("company_id","presented_at");--> statement-breakpoint
CREATE INDEX "payment_mandates_loan" ON "payment_mandates" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_mandates_status" ON "payment_mandates" USING btree ("status","debit_day");--> statement-breakpoint
CREATE INDEX "legal_exports_company_created" ON "legal_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_imports_company_created" ON "legal_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_calls_loan_write_pending" ON "calling_calls" USING btree ("ended_at") WHERE loan_write_pending;--> statement-breakpoint
CREATE INDEX "loans_month_dpd" ON "loans" USING btree ("company_id","allocation_month","dpd","state","allocation_dpd_value","total_claim_amount_minor","is_archived","loan_id","id");