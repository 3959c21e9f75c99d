CREATE TABLE "legal_cases" (
	"case_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"process_type" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"stage" text NOT NULL,
	"stage_since" date NOT NULL,
	"court" text,
	"case_number" text,
	"advocate_id" text,
	"next_hearing_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_cases_company_loan_type" UNIQUE("company_id","loan_id","process_type")
);
--> statement-breakpoint
CREATE TABLE "notice_batches" (
	"batch_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"template_id" text NOT NULL,
	"language" text NOT NULL,
	"allocation_month" text NOT NULL,
	"issue_date" date NOT NULL,
	"loan_ids" jsonb,
	"filters" jsonb,
	"search" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"merged_key" text,
	"message" text,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_templates" (
	"template_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"bodies" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "notice_templates_company_kind_version" UNIQUE("company_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"notice_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"batch_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seq" integer NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"reason" text,
	"values" jsonb,
	"pdf_key" text,
	"dispatch_mode" text,
	"tracking_number" text,
	"dispatch_status" text,
	"dispatched_at" timestamp with time zone,
	"dispatch_updated_at" timestamp with time zone,
	"dispatch_updated_by" text,
	CONSTRAINT "notices_batch_seq" UNIQUE("batch_id","seq")
);
--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_template_id_notice_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."notice_templates"("template_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_templates" ADD CONSTRAINT "notice_templates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_batch_id_notice_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."notice_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_cases_company_type" ON "legal_cases" USING btree ("company_id","process_type","next_hearing_date");--> statement-breakpoint
CREATE INDEX "notice_batches_company_created" ON "notice_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_company_loan" ON "notices" USING btree ("company_id","loan_id");