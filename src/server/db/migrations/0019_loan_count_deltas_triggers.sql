-- Hand-written (drizzle-kit generate --custom), after 0010_loan_counts and the generated migration
-- creating loan_month_count_deltas. Issue 15: every statement writing loans upserted ONE row per
-- company month (loan_month_counts), so concurrent transactions writing different loans of one
-- month (webhook postings lowering dues) queued on that row until each one's commit. Now each
-- statement appends its difference as a delta row (counting one generation) and nobody waits;
-- the month's figures are the base row plus its deltas (portfolio/loan-counts.ts). A writer that
-- finds 64 or more deltas folds them into the base row in its own transaction, the deletion and
-- the addition together, so any snapshot sees the same sums and generation before and after;
-- one folder per month at a time (advisory try-lock: the others skip, never wait). Folding only
-- under READ COMMITTED: a repeatable-read snapshot could miss another folder's committed deletion.
CREATE OR REPLACE FUNCTION loan_counts_fold(p_company text, p_month text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN RETURN; END IF;
  IF (SELECT count(*) FROM (SELECT 1 FROM loan_month_count_deltas WHERE company_id = p_company AND allocation_month = p_month LIMIT 64) d) < 64 THEN RETURN; END IF;
  -- Two-key form: a lock space apart from the single-key advisory locks used elsewhere.
  IF NOT pg_try_advisory_xact_lock(15010, hashtext(p_company || '|' || p_month)) THEN RETURN; END IF;
  WITH gone AS (
    DELETE FROM loan_month_count_deltas WHERE company_id = p_company AND allocation_month = p_month RETURNING live, archived
  )
  INSERT INTO loan_month_counts AS s (company_id, allocation_month, live, archived, generation)
  SELECT p_company, p_month, coalesce(sum(live), 0)::integer, coalesce(sum(archived), 0)::integer, count(*) FROM gone HAVING count(*) > 0
  ON CONFLICT (company_id, allocation_month) DO UPDATE
    SET live = s.live + excluded.live, archived = s.archived + excluded.archived, generation = s.generation + excluded.generation;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_counts_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_month_count_deltas (company_id, allocation_month, live, archived)
  SELECT company_id, allocation_month, count(*) FILTER (WHERE NOT is_archived), count(*) FILTER (WHERE is_archived)
  FROM loan_counts_new GROUP BY 1, 2;
  PERFORM loan_counts_fold(company_id, allocation_month) FROM (SELECT DISTINCT company_id, allocation_month FROM loan_counts_new) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_counts_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_month_count_deltas (company_id, allocation_month, live, archived)
  SELECT company_id, allocation_month, -count(*) FILTER (WHERE NOT is_archived), -count(*) FILTER (WHERE is_archived)
  FROM loan_counts_old GROUP BY 1, 2;
  PERFORM loan_counts_fold(company_id, allocation_month) FROM (SELECT DISTINCT company_id, allocation_month FROM loan_counts_old) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loan_counts_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A statement changing no counted column still adds a (zero) delta: its generation, which
  -- invalidates the filtered totals cached for the month (loan_count_cache).
  INSERT INTO loan_month_count_deltas (company_id, allocation_month, live, archived)
  SELECT company_id, allocation_month, sum(live)::integer, sum(archived)::integer
  FROM (
    SELECT company_id, allocation_month, CASE WHEN is_archived THEN 0 ELSE 1 END AS live, CASE WHEN is_archived THEN 1 ELSE 0 END AS archived FROM loan_counts_new
    UNION ALL
    SELECT company_id, allocation_month, CASE WHEN is_archived THEN 0 ELSE -1 END, CASE WHEN is_archived THEN -1 ELSE 0 END FROM loan_counts_old
  ) d
  GROUP BY 1, 2;
  PERFORM loan_counts_fold(company_id, allocation_month) FROM (SELECT DISTINCT company_id, allocation_month FROM loan_counts_new) g;
  RETURN NULL;
END $$;
