CREATE TABLE "payment_short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"link_id" text NOT NULL,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_short_links" ADD CONSTRAINT "payment_short_links_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_short_links_link" ON "payment_short_links" USING btree ("company_id","link_id");