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
ALTER TABLE "payment_links" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "communication_messages" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "dispatch_message_id" text;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "dispatch_reason" text;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_documents" ADD CONSTRAINT "notice_documents_notice_id_notices_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("notice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_documents_notice" ON "notice_documents" USING btree ("company_id","notice_id");