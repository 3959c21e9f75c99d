ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_call_type" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_name" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_type" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_time_limit" integer;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "dialer_off_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "dialer_off_event" text;--> statement-breakpoint
ALTER TABLE "calling_agent_status" ADD COLUMN "vendor_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "loan_write_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "offered_agent_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "calling_calls_loan_write_pending" ON "calling_calls" USING btree ("ended_at") WHERE loan_write_pending;