ALTER TABLE "compliance_dnd_uploads" ADD COLUMN "processed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_dnd_uploads" ADD COLUMN "file_key" text;