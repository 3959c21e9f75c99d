DROP INDEX "payment_gateway_events_payment";--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "payment_gateway_events" ADD COLUMN "post_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_gateway_events_failed" ON "payment_gateway_events" USING btree ("company_id","pg_vendor","gateway_payment_id") WHERE "payment_gateway_events"."event_outcome" = 'FAILED';--> statement-breakpoint
CREATE INDEX "payment_gateway_events_inbox" ON "payment_gateway_events" USING btree ("seq") WHERE "payment_gateway_events"."outcome" = 'received';