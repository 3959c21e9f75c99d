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
ALTER TABLE "calling_calls" ADD COLUMN "sip_actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_exports" ADD CONSTRAINT "legal_exports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_import_errors" ADD CONSTRAINT "legal_import_errors_import_id_legal_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legal_imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_import_errors" ADD CONSTRAINT "legal_import_errors_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_imports" ADD CONSTRAINT "legal_imports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_exports_company_created" ON "legal_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_imports_company_created" ON "legal_imports" USING btree ("company_id","created_at");