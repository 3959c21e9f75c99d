ALTER TABLE "calling_settings" ADD COLUMN "sip_ws_url" text;--> statement-breakpoint
ALTER TABLE "calling_settings" ADD COLUMN "sip_domain" text;