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
CREATE TABLE "communication_campaigns" (
	"campaign_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text,
	"channel" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"loan_ids" jsonb NOT NULL,
	"status" text DEFAULT 'in_process' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"blocked_by_reason" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "communication_delivery_events" (
	"event_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text,
	"source" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_messages" (
	"message_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"channel" text NOT NULL,
	"direction" text DEFAULT 'outbound' NOT NULL,
	"template_id" text,
	"template_name" text,
	"recipient" text,
	"subject" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_id" text,
	"error" text,
	"provider" text,
	"provider_message_id" text,
	"campaign_id" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "communication_messages_campaign_loan" UNIQUE("campaign_id","loan_id")
);
--> statement-breakpoint
CREATE TABLE "communication_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"sms_callback_token" text NOT NULL,
	"sms_provider" text DEFAULT 'local-provider' NOT NULL,
	"exotel_subdomain" text,
	"exotel_account_sid" text,
	"exotel_api_key" text,
	"exotel_api_token" text,
	"whatsapp_provider" text DEFAULT 'local-provider' NOT NULL,
	"whatsapp_phone_number_id" text,
	"whatsapp_access_token" text,
	"whatsapp_app_secret" text,
	"whatsapp_verify_token" text,
	"whatsapp_api_base" text,
	"email_provider" text DEFAULT 'local-provider' NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"smtp_user" text,
	"smtp_password" text,
	"email_from" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_templates" (
	"template_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"dlt" jsonb,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "legal_cases" (
	"case_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"process_type" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"stage" text NOT NULL,
	"stage_since" date NOT NULL,
	"court" text,
	"case_number" text,
	"advocate_id" text,
	"next_hearing_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_cases_company_loan_type" UNIQUE("company_id","loan_id","process_type")
);
--> statement-breakpoint
CREATE TABLE "notice_batches" (
	"batch_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"template_id" text NOT NULL,
	"language" text NOT NULL,
	"allocation_month" text NOT NULL,
	"issue_date" date NOT NULL,
	"loan_ids" jsonb,
	"filters" jsonb,
	"search" text,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"merged_key" text,
	"message" text,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_templates" (
	"template_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"bodies" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "notice_templates_company_kind_version" UNIQUE("company_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"notice_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"batch_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seq" integer NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"reason" text,
	"values" jsonb,
	"pdf_key" text,
	"dispatch_mode" text,
	"tracking_number" text,
	"dispatch_status" text,
	"dispatched_at" timestamp with time zone,
	"dispatch_updated_at" timestamp with time zone,
	"dispatch_updated_by" text,
	CONSTRAINT "notices_batch_seq" UNIQUE("batch_id","seq")
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_credentials" ADD CONSTRAINT "payment_gateway_credentials_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD CONSTRAINT "payment_gateway_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_gateway_payments" ADD CONSTRAINT "payment_gateway_payments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_campaigns" ADD CONSTRAINT "communication_campaigns_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_delivery_events" ADD CONSTRAINT "communication_delivery_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_settings" ADD CONSTRAINT "communication_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_templates" ADD CONSTRAINT "communication_templates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD CONSTRAINT "calling_agent_status_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_breaks" ADD CONSTRAINT "calling_breaks_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD CONSTRAINT "calling_calls_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_dispositions" ADD CONSTRAINT "calling_dispositions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_dispositions" ADD CONSTRAINT "calling_dispositions_call_id_calling_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calling_calls"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_reminders" ADD CONSTRAINT "calling_reminders_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD CONSTRAINT "calling_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_cases" ADD CONSTRAINT "legal_cases_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_batches" ADD CONSTRAINT "notice_batches_template_id_notice_templates_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."notice_templates"("template_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_templates" ADD CONSTRAINT "notice_templates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_batch_id_notice_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."notice_batches"("batch_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_loan" ON "payment_links" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_campaigns_company" ON "communication_campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_delivery_events_message" ON "communication_delivery_events" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "communication_messages_loan" ON "communication_messages" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_messages_provider_id" ON "communication_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "communication_templates_company" ON "communication_templates" USING btree ("company_id","channel","language");--> statement-breakpoint
CREATE INDEX "calling_breaks_user" ON "calling_breaks" USING btree ("company_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "calling_calls_loan" ON "calling_calls" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_calls_agent" ON "calling_calls" USING btree ("company_id","agent_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_dispositions_loan" ON "calling_dispositions" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "calling_reminders_agent" ON "calling_reminders" USING btree ("company_id","agent_id","reminder_date");--> statement-breakpoint
CREATE INDEX "legal_cases_company_type" ON "legal_cases" USING btree ("company_id","process_type","next_hearing_date");--> statement-breakpoint
CREATE INDEX "notice_batches_company_created" ON "notice_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_company_loan" ON "notices" USING btree ("company_id","loan_id");