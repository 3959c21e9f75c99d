ALTER TABLE "loan_events" DROP CONSTRAINT "loan_events_company_id_companies_company_id_fk";
--> statement-breakpoint
ALTER TABLE "compliance_decisions" DROP CONSTRAINT "compliance_decisions_company_id_companies_company_id_fk";
--> statement-breakpoint
ALTER TABLE "communication_delivery_events" DROP CONSTRAINT "communication_delivery_events_company_id_companies_company_id_fk";
--> statement-breakpoint
ALTER TABLE "communication_messages" DROP CONSTRAINT "communication_messages_company_id_companies_company_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_link_batches" ALTER COLUMN "amount_minor" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_link_batch_items" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payment_link_batches" ADD COLUMN "amount_rule" text DEFAULT 'fixed' NOT NULL;