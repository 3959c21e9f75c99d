CREATE TABLE "calling_agent_status" (
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"break_name" text,
	"break_type" text,
	"break_started_at" timestamp with time zone,
	"break_ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calling_agent_status_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calling_breaks" (
	"break_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"break_name" text NOT NULL,
	"break_type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"planned_end_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "calling_calls" (
	"call_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text,
	"agent_id" text NOT NULL,
	"mode" text NOT NULL,
	"campaign_id" text,
	"shoot_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"to_number" text NOT NULL,
	"agent_number" text,
	"caller_id" text,
	"decision_id" text,
	"state" text NOT NULL,
	"outcome" text,
	"provider_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"talk_seconds" integer,
	"total_seconds" integer,
	"recording_url" text,
	"failure_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calling_calls_provider_call" UNIQUE("provider","provider_call_id")
);
--> statement-breakpoint
CREATE TABLE "calling_dispositions" (
	"disposition_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"call_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"disposition" text NOT NULL,
	"ptp_date" date,
	"ptp_amount_minor" bigint,
	"callback_at" timestamp with time zone,
	"call_type" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calling_dispositions_call" UNIQUE("call_id")
);
--> statement-breakpoint
CREATE TABLE "calling_reminders" (
	"reminder_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"call_id" text,
	"shoot_id" text,
	"kind" text NOT NULL,
	"reminder_date" timestamp with time zone NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calling_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'local_simulator' NOT NULL,
	"callback_secret" text NOT NULL,
	"caller_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exotel_sid" text,
	"exotel_subdomain" text,
	"exotel_api_key" text,
	"dispositions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD CONSTRAINT "calling_agent_status_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_breaks" ADD CONSTRAINT "calling_breaks_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD CONSTRAINT "calling_calls_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_dispositions" ADD CONSTRAINT "calling_dispositions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_dispositions" ADD CONSTRAINT "calling_dispositions_call_id_calling_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calling_calls"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_reminders" ADD CONSTRAINT "calling_reminders_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calling_breaks_user" ON "calling_breaks" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "calling_calls_loan" ON "calling_calls" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_calls_agent" ON "calling_calls" USING btree ("company_id","agent_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_dispositions_loan" ON "calling_dispositions" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_reminders_agent" ON "calling_reminders" USING btree ("company_id","agent_id","reminder_date");