CREATE TABLE "compliance_decisions" (
	"decision_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"channel" text NOT NULL,
	"to" text,
	"role" text NOT NULL,
	"allowed" boolean NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"override_id" text,
	"actor_id" text,
	"decided_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_dlt_templates" (
	"company_id" text NOT NULL,
	"template_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"sender_header" text NOT NULL,
	"category" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_dlt_templates_company_id_template_id_pk" PRIMARY KEY("company_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "compliance_dnd_numbers" (
	"dnd_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"number" text NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"upload_id" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_dnd_company_number" UNIQUE("company_id","number")
);
--> statement-breakpoint
CREATE TABLE "compliance_dnd_uploads" (
	"upload_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'in_process' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_holidays" (
	"holiday_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_holidays_company_date" UNIQUE("company_id","date")
);
--> statement-breakpoint
CREATE TABLE "compliance_overrides" (
	"override_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_decision" text
);
--> statement-breakpoint
CREATE TABLE "compliance_rules" (
	"company_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "compliance_decisions" ADD CONSTRAINT "compliance_decisions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_dlt_templates" ADD CONSTRAINT "compliance_dlt_templates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_dnd_numbers" ADD CONSTRAINT "compliance_dnd_numbers_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_dnd_numbers" ADD CONSTRAINT "compliance_dnd_numbers_upload_id_compliance_dnd_uploads_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."compliance_dnd_uploads"("upload_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_dnd_uploads" ADD CONSTRAINT "compliance_dnd_uploads_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_holidays" ADD CONSTRAINT "compliance_holidays_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_overrides" ADD CONSTRAINT "compliance_overrides_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_rules" ADD CONSTRAINT "compliance_rules_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_decisions_loan" ON "compliance_decisions" USING btree ("company_id","loan_id","channel","decided_at");--> statement-breakpoint
CREATE INDEX "compliance_dnd_company_created" ON "compliance_dnd_numbers" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_dnd_uploads_company" ON "compliance_dnd_uploads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_overrides_loan" ON "compliance_overrides" USING btree ("company_id","loan_id","channel");