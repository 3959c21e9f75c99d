CREATE TABLE "settlement_exports" (
	"export_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"status_filter" text,
	"status" text DEFAULT 'In-Progress' NOT NULL,
	"unmasked" boolean DEFAULT false NOT NULL,
	"rows" integer,
	"file_key" text,
	"message" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_instalments" (
	"settlement_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seq" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "settlement_instalments_settlement_id_seq_pk" PRIMARY KEY("settlement_id","seq")
);
--> statement-breakpoint
CREATE TABLE "settlement_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"grace_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"settlement_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"settlement_type" text NOT NULL,
	"settlement_amount_minor" bigint NOT NULL,
	"total_claim_amount_minor" bigint NOT NULL,
	"validity_date" date NOT NULL,
	"reason" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending_approval' NOT NULL,
	"request_id" text,
	"proposed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "settlement_exports" ADD CONSTRAINT "settlement_exports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_instalments" ADD CONSTRAINT "settlement_instalments_settlement_id_settlements_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("settlement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_instalments" ADD CONSTRAINT "settlement_instalments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_settings" ADD CONSTRAINT "settlement_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_exports_company_created" ON "settlement_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "settlements_company_created" ON "settlements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "settlements_company_loan" ON "settlements" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "settlements_company_status" ON "settlements" USING btree ("company_id","status");