ALTER TABLE "message_outbox" ADD COLUMN "dlt_template_id" text;--> statement-breakpoint
ALTER TABLE "calling_calls" ADD COLUMN "passthru_status" text;