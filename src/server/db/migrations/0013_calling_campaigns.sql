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
ALTER TABLE "calling_agent_status" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "microphone" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "campaign_id" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "autodial_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "autodial_session_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_call_list" ADD CONSTRAINT "calling_call_list_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_call_list" ADD CONSTRAINT "calling_call_list_campaign_id_calling_campaigns_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."calling_campaigns"("campaign_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_campaigns" ADD CONSTRAINT "calling_campaigns_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_supervisor_actions" ADD CONSTRAINT "calling_supervisor_actions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_supervisor_actions" ADD CONSTRAINT "calling_supervisor_actions_call_id_calling_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calling_calls"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calling_call_list_queue" ON "calling_call_list" USING btree ("company_id","campaign_id","dialed_at");--> statement-breakpoint
CREATE INDEX "calling_supervisor_actions_call" ON "calling_supervisor_actions" USING btree ("call_id","created_at");