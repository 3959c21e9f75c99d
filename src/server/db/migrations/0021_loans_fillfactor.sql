-- Hand-written (drizzle-kit generate --custom; keep it after any regenerated migration): drizzle's pgTable cannot declare a table's storage
-- parameters, so src/server/modules/portfolio/schema.ts only says so in a comment on `loans`.
-- Issue 13: a campaign batch sets the digital status of 1,000 loans in one UPDATE (variables and
-- updated_at, neither indexed). With full pages each new row version went to another page and into
-- all six loans indexes; with room left on the page it is a HOT update (no index entry). A batch
-- updates every loan of a page at once, so a page keeps half its space for their new versions.
-- Only pages written from now on are filled to 50 %; existing pages keep theirs until the table is
-- rewritten (VACUUM FULL or pg_repack, outside a migration: they lock or copy the table).
ALTER TABLE "loans" SET (fillfactor = 50);
