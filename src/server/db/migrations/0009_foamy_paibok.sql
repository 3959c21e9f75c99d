CREATE TABLE "loan_count_cache" (
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"selection_key" text NOT NULL,
	"generation" bigint NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "loan_count_cache_company_id_allocation_month_selection_key_pk" PRIMARY KEY("company_id","allocation_month","selection_key")
);
--> statement-breakpoint
CREATE TABLE "loan_month_counts" (
	"company_id" text NOT NULL,
	"allocation_month" text NOT NULL,
	"live" integer DEFAULT 0 NOT NULL,
	"archived" integer DEFAULT 0 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_month_counts_company_id_allocation_month_pk" PRIMARY KEY("company_id","allocation_month")
);
