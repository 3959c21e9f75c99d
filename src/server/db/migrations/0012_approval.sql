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
ALTER TABLE "approval_chains" ADD CONSTRAINT "approval_chains_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_request_id_approval_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_team_members" ADD CONSTRAINT "approval_team_members_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_team_members" ADD CONSTRAINT "approval_team_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_events_request" ON "approval_events" USING btree ("request_id","event_id");--> statement-breakpoint
CREATE INDEX "approval_requests_inbox" ON "approval_requests" USING btree ("company_id","status","request_type","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_subject" ON "approval_requests" USING btree ("company_id","request_type","subject_id");--> statement-breakpoint
CREATE INDEX "approval_requests_maker" ON "approval_requests" USING btree ("company_id","maker_user_id","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_due" ON "approval_requests" USING btree ("status","due_at");