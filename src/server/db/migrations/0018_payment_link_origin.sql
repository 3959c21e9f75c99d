ALTER TABLE "payment_links" ADD COLUMN "origin_kind" text;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "origin_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_origin" ON "payment_links" USING btree ("company_id","origin_kind","origin_id") WHERE origin_id is not null;