ALTER TABLE "calling_calls" ADD COLUMN "direction" text DEFAULT 'outbound' NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "matched_loan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "dropped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "calling_calls_campaign" ON "calling_calls" USING btree ("company_id","campaign_id","created_at");