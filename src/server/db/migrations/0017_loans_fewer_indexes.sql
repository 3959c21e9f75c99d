DROP INDEX "loans_month_state";--> statement-breakpoint
DROP INDEX "loans_import";--> statement-breakpoint
DROP INDEX "loans_tags";