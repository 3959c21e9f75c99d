-- Hand-written (drizzle-kit generate --custom): keeps loan_month_counts exact (portfolio/schema.ts).
-- Statement-level triggers with transition tables: one upsert per statement, whatever its row
-- count, in the writing transaction. An INSERT ... ON CONFLICT DO UPDATE fires the insert trigger
-- for its inserted rows and the update trigger for its updated ones. Groups are upserted in
-- (company, month) order so two statements lock the counters in the same order.
CREATE OR REPLACE FUNCTION loan_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_month_counts AS s (company_id, allocation_month, live, archived, generation)
  SELECT company_id, allocation_month, count(*) FILTER (WHERE NOT is_archived), count(*) FILTER (WHERE is_archived), 1
  FROM loan_counts_new GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, allocation_month) DO UPDATE
    SET live = s.live + excluded.live, archived = s.archived + excluded.archived, generation = s.generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_month_counts AS s (company_id, allocation_month, live, archived, generation)
  SELECT company_id, allocation_month, -count(*) FILTER (WHERE NOT is_archived), -count(*) FILTER (WHERE is_archived), 1
  FROM loan_counts_old GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, allocation_month) DO UPDATE
    SET live = s.live + excluded.live, archived = s.archived + excluded.archived, generation = s.generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_counts_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_month_counts AS s (company_id, allocation_month, live, archived, generation)
  SELECT company_id, allocation_month, sum(live)::integer, sum(archived)::integer, 1
  FROM (
    SELECT company_id, allocation_month, CASE WHEN is_archived THEN 0 ELSE 1 END AS live, CASE WHEN is_archived THEN 1 ELSE 0 END AS archived FROM loan_counts_new
    UNION ALL
    SELECT company_id, allocation_month, CASE WHEN is_archived THEN 0 ELSE -1 END, CASE WHEN is_archived THEN -1 ELSE 0 END FROM loan_counts_old
  ) d
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (company_id, allocation_month) DO UPDATE
    SET live = s.live + excluded.live, archived = s.archived + excluded.archived, generation = s.generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loans_counts_insert AFTER INSERT ON loans REFERENCING NEW TABLE AS loan_counts_new FOR EACH STATEMENT EXECUTE FUNCTION loan_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER loans_counts_delete AFTER DELETE ON loans REFERENCING OLD TABLE AS loan_counts_old FOR EACH STATEMENT EXECUTE FUNCTION loan_counts_after_delete();
--> statement-breakpoint
CREATE TRIGGER loans_counts_update AFTER UPDATE ON loans REFERENCING OLD TABLE AS loan_counts_old NEW TABLE AS loan_counts_new FOR EACH STATEMENT EXECUTE FUNCTION loan_counts_after_update();
--> statement-breakpoint
INSERT INTO loan_month_counts (company_id, allocation_month, live, archived, generation)
SELECT company_id, allocation_month, count(*) FILTER (WHERE NOT is_archived), count(*) FILTER (WHERE is_archived), 1 FROM loans GROUP BY 1, 2
ON CONFLICT (company_id, allocation_month) DO NOTHING;
