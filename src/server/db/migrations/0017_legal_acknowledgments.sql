CREATE TABLE "legal_acknowledgments" (
	"acknowledgment_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"case_id" text NOT NULL,
	"acknowledged_on" date NOT NULL,
	"document_id" text,
	"remarks" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "legal_acknowledgments" ADD CONSTRAINT "legal_acknowledgments_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acknowledgments" ADD CONSTRAINT "legal_acknowledgments_case_id_legal_cases_case_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."legal_cases"("case_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_acknowledgments" ADD CONSTRAINT "legal_acknowledgments_document_id_legal_case_documents_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."legal_case_documents"("document_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "legal_acknowledgments_case" ON "legal_acknowledgments" USING btree ("company_id","case_id");