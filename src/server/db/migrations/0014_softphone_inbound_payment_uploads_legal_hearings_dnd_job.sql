CREATE TABLE "payment_upload_errors" (
	"upload_id" text NOT NULL,
	"company_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "payment_upload_errors_upload_id_row_number_pk" PRIMARY KEY("upload_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "payment_uploads" (
	"upload_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text NOT NULL,
	"file_kind" text NOT NULL,
	"status" text DEFAULT 'initiated' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"data_rows" integer DEFAULT 0 NOT NULL,
	"posted" integer DEFAULT 0 NOT NULL,
	"exceptions" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"posted_minor" bigint DEFAULT 0 NOT NULL,
	"message" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "legal_case_documents" (
	"document_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"case_id" text NOT NULL,
	"document_type" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_costs" (
	"cost_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"case_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"incurred_on" date NOT NULL,
	"note" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_hearings" (
	"hearing_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"case_id" text NOT NULL,
	"hearing_date" date NOT NULL,
	"stage" text NOT NULL,
	"proceedings" text,
	"order_text" text,
	"next_hearing_date" date,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_reminders" (
	"company_id" text NOT NULL,
	"case_id" text NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"slot" text NOT NULL,
	"recipient_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_reminders_once" UNIQUE("case_id","kind","due_on","slot")
);
--> statement-breakpoint
ALTER TABLE "compliance_dnd_uploads" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_dnd_uploads" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "direction" text DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "matched_loan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "dropped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD COLUMN "sip_ws_url" text;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD COLUMN "sip_domain" text;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD COLUMN "disposition_vendor_url" text;--> statement-breakpoint
ALTER TABLE "payment_upload_errors" ADD CONSTRAINT "payment_upload_errors_upload_id_payment_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."payment_uploads"("upload_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_upload_errors" ADD CONSTRAINT "payment_upload_errors_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_uploads" ADD CONSTRAINT "payment_uploads_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_documents" ADD CONSTRAINT "legal_case_documents_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_case_documents" ADD CONSTRAINT "legal_case_documents_case_id_legal_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."legal_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_costs" ADD CONSTRAINT "legal_costs_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_costs" ADD CONSTRAINT "legal_costs_case_id_legal_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."legal_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_hearings" ADD CONSTRAINT "legal_hearings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_hearings" ADD CONSTRAINT "legal_hearings_case_id_legal_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."legal_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_reminders" ADD CONSTRAINT "legal_reminders_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_reminders" ADD CONSTRAINT "legal_reminders_case_id_legal_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."legal_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_uploads_company" ON "payment_uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_case_documents_case" ON "legal_case_documents" USING btree ("company_id","case_id");--> statement-breakpoint
CREATE INDEX "legal_costs_case" ON "legal_costs" USING btree ("company_id","case_id");--> statement-breakpoint
CREATE INDEX "legal_hearings_case" ON "legal_hearings" USING btree ("company_id","case_id","hearing_date");--> statement-breakpoint
CREATE INDEX "calling_calls_campaign" ON "calling_calls" USING btree ("company_id","campaign_id","created_at");