CREATE TABLE "company_variables" (
	"variable_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"variable_name" text NOT NULL,
	"variable_label" text NOT NULL,
	"variable_type" text DEFAULT 'custom' NOT NULL,
	"data_type" text NOT NULL,
	"allow_multiple_values" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"sub_variables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variable_group" text DEFAULT 'custom' NOT NULL,
	"is_masked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_variables_name" UNIQUE("company_id","variable_name")
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"event_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text,
	"kind" text NOT NULL,
	"module" text,
	"remark" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"loan_id" text NOT NULL,
	"client_customer_id" text,
	"customer_id" text,
	"applicant_name" text,
	"applicant_contact_number" text,
	"product" text,
	"city" text,
	"state" text,
	"pincode" text,
	"dpd" integer,
	"allocation_dpd_value" text,
	"principal_outstanding" numeric(18, 2),
	"total_claim_amount" numeric(18, 2),
	"expected_emi" numeric(18, 2),
	"date_of_default" date,
	"co_applicant_count" integer DEFAULT 0 NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"last_import_id" text,
	"source_row" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_company_month_loan" UNIQUE("company_id","allocation_month","loan_id")
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"filter_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"filter_name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_filters_user_name" UNIQUE("company_id","user_id","filter_name")
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"export_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"author_id" text,
	"operation_type" text DEFAULT 'loan_export' NOT NULL,
	"status" text NOT NULL,
	"format" text NOT NULL,
	"allocation_month" text NOT NULL,
	"filters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" text,
	"unmasked" text DEFAULT 'no' NOT NULL,
	"file_key" text,
	"file_name" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_errors" (
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"company_id" text NOT NULL,
	"cells" jsonb NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_errors_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"import_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"author_id" text,
	"allocation_month" text NOT NULL,
	"operation_type" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"file_size" integer,
	"file_kind" text NOT NULL,
	"mapping" jsonb,
	"header_row_index" integer,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"success_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"error_file_key" text,
	"message" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"terminated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_variables" ADD CONSTRAINT "company_variables_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exports" ADD CONSTRAINT "exports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_errors" ADD CONSTRAINT "import_errors_import_id_imports_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("import_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_loan" ON "loan_events" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_month_dpd" ON "loans" USING btree ("company_id","allocation_month","dpd");--> statement-breakpoint
CREATE INDEX "loans_month_state" ON "loans" USING btree ("company_id","allocation_month","state");--> statement-breakpoint
CREATE INDEX "loans_month_claim" ON "loans" USING btree ("company_id","allocation_month","total_claim_amount");--> statement-breakpoint
CREATE INDEX "loans_customer" ON "loans" USING btree ("company_id","client_customer_id");--> statement-breakpoint
CREATE INDEX "loans_loan_id" ON "loans" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "loans_import" ON "loans" USING btree ("last_import_id");--> statement-breakpoint
CREATE INDEX "exports_company_created" ON "exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_company_created" ON "imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_status" ON "imports" USING btree ("status");