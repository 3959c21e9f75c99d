-- Money as one type (issue 11): every amount becomes an integer count of minor units (paise for
-- INR, sen for IDR) in a bigint column named <old>_minor. The old numeric(18,2) values convert
-- exactly: numeric × 100 is exact decimal arithmetic, round() only drops the zero fraction.
-- Each NOT NULL is set after the copy (the tables may already hold rows), then the old column goes.
ALTER TABLE "loans" ADD COLUMN "principal_outstanding_minor" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "total_claim_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "expected_emi_minor" bigint;--> statement-breakpoint
UPDATE "loans" SET "principal_outstanding_minor" = round("principal_outstanding" * 100)::bigint, "total_claim_amount_minor" = round("total_claim_amount" * 100)::bigint, "expected_emi_minor" = round("expected_emi" * 100)::bigint WHERE "principal_outstanding" IS NOT NULL OR "total_claim_amount" IS NOT NULL OR "expected_emi" IS NOT NULL;--> statement-breakpoint
DROP INDEX "loans_month_claim";--> statement-breakpoint
CREATE INDEX "loans_month_claim" ON "loans" USING btree ("company_id","allocation_month","total_claim_amount_minor");--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "principal_outstanding";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "total_claim_amount";--> statement-breakpoint
ALTER TABLE "loans" DROP COLUMN "expected_emi";--> statement-breakpoint
ALTER TABLE "fos_deposits" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
UPDATE "fos_deposits" SET "amount_minor" = round("amount" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "fos_deposits" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fos_deposits" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "fos_receipts" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
UPDATE "fos_receipts" SET "amount_minor" = round("amount" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "fos_receipts" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fos_receipts" DROP COLUMN "amount";--> statement-breakpoint
ALTER TABLE "fos_visits" ADD COLUMN "amount_collected_minor" bigint;--> statement-breakpoint
ALTER TABLE "fos_visits" ADD COLUMN "ptp_amount_minor" bigint;--> statement-breakpoint
UPDATE "fos_visits" SET "amount_collected_minor" = round("amount_collected" * 100)::bigint, "ptp_amount_minor" = round("ptp_amount" * 100)::bigint WHERE "amount_collected" IS NOT NULL OR "ptp_amount" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "fos_visits" DROP COLUMN "amount_collected";--> statement-breakpoint
ALTER TABLE "fos_visits" DROP COLUMN "ptp_amount";--> statement-breakpoint
ALTER TABLE "loan_payments" ADD COLUMN "amount_minor" bigint;--> statement-breakpoint
UPDATE "loan_payments" SET "amount_minor" = round("amount" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "loan_payments" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_payments" DROP COLUMN "amount";
