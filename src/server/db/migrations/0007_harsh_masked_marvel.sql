CREATE TABLE "payment_gateway_credentials" (
	"company_id" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"merchant_id" text NOT NULL,
	"trust_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"secrets_enc" text NOT NULL,
	"secret_facts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_credentials_company_id_pg_vendor_pk" PRIMARY KEY("company_id","pg_vendor")
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_events" (
	"company_id" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"event_id" text NOT NULL,
	"link_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_events_company_id_pg_vendor_event_id_pk" PRIMARY KEY("company_id","pg_vendor","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_payments" (
	"company_id" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"gateway_payment_id" text NOT NULL,
	"link_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_payments_company_id_pg_vendor_gateway_payment_id_pk" PRIMARY KEY("company_id","pg_vendor","gateway_payment_id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"link_id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"pg_vendor" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"purpose" text NOT NULL,
	"partial" boolean NOT NULL,
	"status" text NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_credentials" ADD CONSTRAINT "payment_gateway_credentials_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD CONSTRAINT "payment_gateway_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_payments" ADD CONSTRAINT "payment_gateway_payments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_loan" ON "payment_links" USING btree ("company_id","loan_id","created_at");