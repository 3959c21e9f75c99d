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
ALTER TABLE "payment_link_batch_items" ADD CONSTRAINT "payment_link_batch_items_batch_id_payment_link_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payment_link_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_batch_items" ADD CONSTRAINT "payment_link_batch_items_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_link_batches" ADD CONSTRAINT "payment_link_batches_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_link_batches_company" ON "payment_link_batches" USING btree ("company_id","created_at");