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
ALTER TABLE "communication_campaigns" ADD CONSTRAINT "communication_campaigns_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_delivery_events" ADD CONSTRAINT "communication_delivery_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD CONSTRAINT "communication_messages_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_settings" ADD CONSTRAINT "communication_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_templates" ADD CONSTRAINT "communication_templates_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communication_campaigns_company" ON "communication_campaigns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_delivery_events_message" ON "communication_delivery_events" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "communication_messages_loan" ON "communication_messages" USING btree ("company_id","loan_id","created_at");--> statement-breakpoint
CREATE INDEX "communication_messages_provider_id" ON "communication_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "communication_templates_company" ON "communication_templates" USING btree ("company_id","channel","language");