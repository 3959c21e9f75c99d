CREATE TABLE "idempotency_keys" (
	"company_id" text NOT NULL,
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("company_id","key")
);
--> statement-breakpoint
CREATE TABLE "loan_allocations" (
	"allocation_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"loan_id" text NOT NULL,
	"user_id" text NOT NULL,
	"agent_type" text NOT NULL,
	"allocated_by" text,
	"allocated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_allocations_loan" UNIQUE("company_id","allocation_month","loan_id","agent_type")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"document_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"document_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_key" UNIQUE("company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "fos_deposits" (
	"deposit_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"deposit_reference" text DEFAULT '' NOT NULL,
	"deposited_at" timestamp with time zone NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"slip_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fos_deposits_key" UNIQUE("company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "fos_receipts" (
	"receipt_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"receipt_number" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"payment_mode" text NOT NULL,
	"instrument_number" text,
	"bank_name" text,
	"payer_name" text NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"deposit_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fos_receipts_key" UNIQUE("company_id","idempotency_key"),
	CONSTRAINT "fos_receipts_number" UNIQUE("company_id","receipt_number")
);
--> statement-breakpoint
CREATE TABLE "fos_visits" (
	"visit_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"checked_in_at" timestamp with time zone NOT NULL,
	"person_met" text NOT NULL,
	"disposition" text NOT NULL,
	"amount_collected" numeric(18, 2),
	"ptp_date" date,
	"ptp_amount" numeric(18, 2),
	"callback_at" timestamp with time zone,
	"dispute_reason" text,
	"new_address" text,
	"remarks" text DEFAULT '' NOT NULL,
	"next_visit_date" date,
	"receipt_number" text,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"distance_m" integer,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fos_visits_key" UNIQUE("company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"payment_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"reference" text,
	"source" text DEFAULT 'online' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_allocations" ADD CONSTRAINT "loan_allocations_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_allocations" ADD CONSTRAINT "loan_allocations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_deposits" ADD CONSTRAINT "fos_deposits_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_deposits" ADD CONSTRAINT "fos_deposits_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_receipts" ADD CONSTRAINT "fos_receipts_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_receipts" ADD CONSTRAINT "fos_receipts_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_receipts" ADD CONSTRAINT "fos_receipts_deposit_id_fos_deposits_deposit_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."fos_deposits"("deposit_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD CONSTRAINT "fos_visits_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD CONSTRAINT "fos_visits_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_allocations_user" ON "loan_allocations" USING btree ("company_id","user_id","allocation_month");--> statement-breakpoint
CREATE INDEX "documents_loan" ON "documents" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "fos_deposits_user" ON "fos_deposits" USING btree ("company_id","user_id","deposited_at");--> statement-breakpoint
CREATE INDEX "fos_receipts_loan" ON "fos_receipts" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "fos_receipts_user" ON "fos_receipts" USING btree ("company_id","user_id","deposit_id");--> statement-breakpoint
CREATE INDEX "fos_visits_loan" ON "fos_visits" USING btree ("company_id","loan_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "fos_visits_user" ON "fos_visits" USING btree ("company_id","user_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "loan_payments_loan" ON "loan_payments" USING btree ("company_id","loan_id","paid_at");--> statement-breakpoint
CREATE INDEX "loan_payments_month" ON "loan_payments" USING btree ("company_id","allocation_month");