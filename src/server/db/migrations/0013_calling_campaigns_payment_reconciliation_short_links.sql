CREATE TABLE "payment_exceptions" (
	"exception_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"loan_id" text,
	"allocation_month" text,
	"amount_minor" bigint NOT NULL,
	"expected_minor" bigint,
	"expected_from" text,
	"paid_at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"reference" text,
	"link_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_id" text,
	"remarks" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"link_id" text NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calling_call_list" (
	"company_id" text NOT NULL,
	"campaign_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"source" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dialed_at" timestamp with time zone,
	"dialed_by" text,
	"flushed_at" timestamp with time zone,
	CONSTRAINT "calling_call_list_campaign_id_loan_id_pk" PRIMARY KEY("campaign_id","loan_id")
);
--> statement-breakpoint
CREATE TABLE "calling_campaigns" (
	"campaign_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calling_campaigns_name" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "calling_supervisor_actions" (
	"action_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"call_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"supervisor_id" text NOT NULL,
	"supervisor_name" text NOT NULL,
	"action" text NOT NULL,
	"transfer_to" text,
	"transfer_to_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_payments" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "event_outcome" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "microphone" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "autodial_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "autodial_session_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_short_links" ADD CONSTRAINT "payment_short_links_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_call_list" ADD CONSTRAINT "calling_call_list_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_call_list" ADD CONSTRAINT "calling_call_list_campaign_id_calling_campaigns_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."calling_campaigns"("campaign_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_campaigns" ADD CONSTRAINT "calling_campaigns_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_supervisor_actions" ADD CONSTRAINT "calling_supervisor_actions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_supervisor_actions" ADD CONSTRAINT "calling_supervisor_actions_call_id_calling_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calling_calls"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_source_ref" ON "payment_exceptions" USING btree ("company_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "payment_exceptions_queue" ON "payment_exceptions" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "payment_short_links_link" ON "payment_short_links" USING btree ("company_id","link_id");--> statement-breakpoint
CREATE INDEX "calling_call_list_queue" ON "calling_call_list" USING btree ("company_id","campaign_id","dialed_at");--> statement-breakpoint
CREATE INDEX "calling_supervisor_actions_call" ON "calling_supervisor_actions" USING btree ("call_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_payments_source_ref" ON "loan_payments" USING btree ("company_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "payment_gateway_events_payment" ON "payment_gateway_events" USING btree ("company_id","pg_vendor","gateway_payment_id");