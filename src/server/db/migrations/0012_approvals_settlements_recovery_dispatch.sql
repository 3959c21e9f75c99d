CREATE TABLE "notice_documents" (
	"document_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"notice_id" text NOT NULL,
	"document_type" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_chains" (
	"company_id" text NOT NULL,
	"request_type" text NOT NULL,
	"levels" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_chains_company_id_request_type_pk" PRIMARY KEY("company_id","request_type")
);
--> statement-breakpoint
CREATE TABLE "approval_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"company_id" text NOT NULL,
	"level" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"request_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"request_type" text NOT NULL,
	"loan_id" text,
	"subject_id" text NOT NULL,
	"maker_user_id" text NOT NULL,
	"maker_role_id" text,
	"amount_minor" bigint,
	"waiver_bp" integer,
	"summary" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"levels" jsonb NOT NULL,
	"current_level" integer NOT NULL,
	"current_role_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_central" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"escalations" integer DEFAULT 0 NOT NULL,
	"escalated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_team_members" (
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "approval_team_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
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
CREATE TABLE "change_requests" (
	"request_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text NOT NULL,
	"reason" text,
	"source" text DEFAULT 'agent' NOT NULL,
	"visit_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"approval_request_id" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"remarks" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "repossession_steps" (
	"step_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"case_id" text NOT NULL,
	"company_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"step" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text,
	"latitude" real,
	"longitude" real,
	"police_station" text,
	"reference" text,
	"outcome" text,
	"condition" jsonb,
	"odometer_km" integer,
	"belongings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"yard_name" text,
	"remarks" text,
	"photo_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repossession_steps_key" UNIQUE("company_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "repossessions" (
	"case_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"asset_type" text NOT NULL,
	"asset_description" text NOT NULL,
	"registration_number" text,
	"chassis_number" text NOT NULL,
	"engine_number" text NOT NULL,
	"reason" text,
	"stage" text DEFAULT 'initiated' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approval_request_id" text,
	"notice_key" text,
	"agency_name" text,
	"agent_id" text,
	"yard_name" text,
	"yard_inventory" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valuation_minor" bigint,
	"valuer" text,
	"release_mode" text,
	"release_amount_minor" bigint,
	"buyer_name" text,
	"release_reference" text,
	"release_approval_request_id" text,
	"proceeds_posted_at" timestamp with time zone,
	"initiated_by" text,
	"initiated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "dispatch_message_id" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "dispatch_reason" text;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_notice_id_notices_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("notice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_chains" ADD CONSTRAINT "approval_chains_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_request_id_approval_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_team_members" ADD CONSTRAINT "approval_team_members_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_team_members" ADD CONSTRAINT "approval_team_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_exports" ADD CONSTRAINT "settlement_exports_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_instalments" ADD CONSTRAINT "settlement_instalments_settlement_id_settlements_settlement_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("settlement_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_instalments" ADD CONSTRAINT "settlement_instalments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_settings" ADD CONSTRAINT "settlement_settings_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossession_steps" ADD CONSTRAINT "repossession_steps_case_id_repossessions_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."repossessions"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossession_steps" ADD CONSTRAINT "repossession_steps_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_documents_notice" ON "notice_documents" USING btree ("company_id","notice_id");--> statement-breakpoint
CREATE INDEX "approval_events_request" ON "approval_events" USING btree ("request_id","event_id");--> statement-breakpoint
CREATE INDEX "approval_requests_inbox" ON "approval_requests" USING btree ("company_id","status","request_type","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_subject" ON "approval_requests" USING btree ("company_id","request_type","subject_id");--> statement-breakpoint
CREATE INDEX "approval_requests_maker" ON "approval_requests" USING btree ("company_id","maker_user_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_due" ON "approval_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "settlement_exports_company_created" ON "settlement_exports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "settlements_company_created" ON "settlements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "settlements_company_loan" ON "settlements" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "settlements_company_status" ON "settlements" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "change_requests_company_status" ON "change_requests" USING btree ("company_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "change_requests_company_loan" ON "change_requests" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "repossession_steps_case" ON "repossession_steps" USING btree ("case_id","recorded_at");--> statement-breakpoint
CREATE INDEX "repossessions_company_stage" ON "repossessions" USING btree ("company_id","stage","initiated_at");--> statement-breakpoint
CREATE INDEX "repossessions_company_loan" ON "repossessions" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "repossessions_agent" ON "repossessions" USING btree ("company_id","agent_id");