DROP INDEX "loans_month_dpd";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "settings_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "loans_month_dpd" ON "loans" USING btree ("company_id","allocation_month","dpd","state","allocation_dpd_value","total_claim_amount_minor","is_archived","loan_id","id");