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
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossession_steps" ADD CONSTRAINT "repossession_steps_case_id_repossessions_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."repossessions"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossession_steps" ADD CONSTRAINT "repossession_steps_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_requests_company_status" ON "change_requests" USING btree ("company_id","status","requested_at");--> statement-breakpoint
CREATE INDEX "change_requests_company_loan" ON "change_requests" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "repossession_steps_case" ON "repossession_steps" USING btree ("case_id","recorded_at");--> statement-breakpoint
CREATE INDEX "repossessions_company_stage" ON "repossessions" USING btree ("company_id","stage","initiated_at");--> statement-breakpoint
CREATE INDEX "repossessions_company_loan" ON "repossessions" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "repossessions_agent" ON "repossessions" USING btree ("company_id","agent_id");