CREATE TABLE "loan_operation_items" (
	"operation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"company_id" text NOT NULL,
	"loan_id" text NOT NULL,
	"agent_ref" text,
	"row_number" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"previous_user_id" text,
	"user_id" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "loan_operation_items_operation_id_seq_pk" PRIMARY KEY("operation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "loan_operations" (
	"operation_id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"author_id" text,
	"operation_type" text NOT NULL,
	"status" text NOT NULL,
	"allocation_month" text NOT NULL,
	"selection" text NOT NULL,
	"loan_ids" jsonb,
	"filters" jsonb,
	"search" text,
	"agent_type" text,
	"user_id" text,
	"from_user_id" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text,
	"file_key" text,
	"file_kind" text,
	"total_count" integer DEFAULT 0 NOT NULL,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"resolved_at" timestamp with time zone,
	"message" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"terminated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fos_last_positions" (
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision,
	"battery" smallint,
	"source" text DEFAULT 'timer' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fos_last_positions_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
-- Hand-written (drizzle-kit cannot declare partitioning): position_pings is partitioned by day on
-- recorded_at (UTC days). The columns and the unique index below match the Drizzle schema
-- (src/server/modules/field/schema.ts), so the snapshot stays true; the default partition catches
-- rows of a day without its own partition, so an insert never fails.
CREATE TABLE "position_pings" (
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy_m" double precision,
	"battery" smallint,
	"source" text DEFAULT 'timer' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("recorded_at");
--> statement-breakpoint
CREATE TABLE "position_pings_default" PARTITION OF "position_pings" DEFAULT;
--> statement-breakpoint
-- Daily partitions position_pings_YYYYMMDD for p_days days from p_from (UTC). A day whose rows sit
-- in the default partition gets them moved into its new partition. Safe to run concurrently
-- (an advisory lock serialises the creators) and again (existing days are skipped).
CREATE OR REPLACE FUNCTION ensure_position_ping_partitions(p_from date, p_days integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  d date;
  part text;
  lo timestamptz;
  hi timestamptz;
  made integer := 0;
BEGIN
  FOR i IN 0 .. greatest(p_days, 1) - 1 LOOP
    d := p_from + i;
    part := 'position_pings_' || to_char(d, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    PERFORM pg_advisory_xact_lock(hashtext('position_pings_partitions'));
    CONTINUE WHEN to_regclass(part) IS NOT NULL;
    lo := d::timestamp AT TIME ZONE 'UTC';
    hi := (d + 1)::timestamp AT TIME ZONE 'UTC';
    IF EXISTS (SELECT 1 FROM position_pings_default WHERE recorded_at >= lo AND recorded_at < hi) THEN
      LOCK TABLE position_pings_default IN ACCESS EXCLUSIVE MODE;
      EXECUTE format('CREATE TABLE %I (LIKE position_pings INCLUDING DEFAULTS)', part);
      EXECUTE format('WITH moved AS (DELETE FROM position_pings_default WHERE recorded_at >= %L AND recorded_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, part);
      EXECUTE format('ALTER TABLE position_pings ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    ELSE
      EXECUTE format('CREATE TABLE %I PARTITION OF position_pings FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    END IF;
    made := made + 1;
  END LOOP;
  RETURN made;
END
$$;
--> statement-breakpoint
-- Drops the daily partitions of days before p_before (retention). Returns how many it dropped.
CREATE OR REPLACE FUNCTION drop_position_ping_partitions_before(p_before date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  dropped integer := 0;
BEGIN
  FOR r IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'position_pings'::regclass AND c.relname ~ '^position_pings_[0-9]{8}$'
      AND to_date(substr(c.relname, 16), 'YYYYMMDD') < p_before
  LOOP
    EXECUTE format('DROP TABLE %I', r.relname);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$$;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD COLUMN "verified_by" text;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "loan_operation_items" ADD CONSTRAINT "loan_operation_items_operation_id_loan_operations_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."loan_operations"("operation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_operations" ADD CONSTRAINT "loan_operations_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_last_positions" ADD CONSTRAINT "fos_last_positions_company_id_companies_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fos_last_positions" ADD CONSTRAINT "fos_last_positions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_operation_items_loan" ON "loan_operation_items" USING btree ("company_id","loan_id");--> statement-breakpoint
CREATE INDEX "loan_operations_company_created" ON "loan_operations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_operations_status" ON "loan_operations" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "position_pings_user_time" ON "position_pings" USING btree ("company_id","user_id","recorded_at");--> statement-breakpoint
ALTER TABLE "fos_visits" ADD CONSTRAINT "fos_visits_verified_by_users_user_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loans_tags" ON "loans" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "fos_visits_verification" ON "fos_visits" USING btree ("company_id","verification_status","checked_in_at");