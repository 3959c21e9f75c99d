/**
 * Demo message templates (issue 13 "Communication"): the lender (India) gets an SMS payment
 * reminder in English and Hindi with its DLT registration (also entered in the compliance DLT
 * registry, so a demo SMS inside the hours passes the check), a WhatsApp reminder and an email
 * statement; the trust (Indonesia) a WhatsApp and an SMS reminder in Bahasa Indonesia. Messages go
 * through the local provider (no company has a real one), which delivers them at once.
 *
 * The lender also gets its sign-in OTP SMS template (`OTP`, the platform's default text, registered
 * as service implicit: domain/communication/otp.ts), so the demo's OTPs go by SMS as well as email.
 *
 * Idempotent: it does nothing once a demo company has a template (the OTP template: once it has one).
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { OTP_TEMPLATE_NAME, PLATFORM_OTP_DLT_BODY, PLATFORM_OTP_SMS } from '../../domain/communication/otp';
import { dltBodyOf } from '../../domain/communication/render';
import type { Db } from '../db/client';
import { communicationTemplates } from '../modules/communication/schema';
import { complianceDltTemplates } from '../modules/compliance/schema';
import { users } from '../modules/users/schema';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from './demo-constants';

const DLT_EN = { dlt_template_id: '1107170000000000001', dlt_entity_id: '1101700000000000', dlt_sender_header: 'SAHYFN', dlt_category: 'service_explicit' as const };
const DLT_HI = { ...DLT_EN, dlt_template_id: '1107170000000000002' };
const SMS_EN = 'Dear {{borrower_name}}, {{amount_due}} is due on your loan {{loan_id}}. Please pay to avoid charges. - Sahyadri Finance';
const SMS_HI = 'प्रिय {{borrower_name}}, आपके लोन {{loan_id}} पर {{amount_due}} बकाया है। कृपया शुल्क से बचने के लिए भुगतान करें। - सह्याद्रि फाइनेंस';

const DLT_OTP = { dlt_template_id: '1107170000000000003', dlt_entity_id: DLT_EN.dlt_entity_id, dlt_sender_header: 'SAHYFN', dlt_category: PLATFORM_OTP_SMS.category };

/** The lender's `OTP` SMS template and its DLT registration, once. */
async function seedOtpTemplate(db: Db, adminId: string): Promise<void> {
  const tpl = communicationTemplates;
  const [{ n }] = await db.select({ n: count() }).from(tpl).where(and(eq(tpl.companyId, DEMO_COMPANY_IN), eq(tpl.channel, 'sms'), sql`lower(${tpl.name}) = ${OTP_TEMPLATE_NAME}`));
  if (n > 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(complianceDltTemplates)
      .values({ companyId: DEMO_COMPANY_IN, templateId: DLT_OTP.dlt_template_id, entityId: DLT_OTP.dlt_entity_id, senderHeader: DLT_OTP.dlt_sender_header, category: DLT_OTP.dlt_category, body: PLATFORM_OTP_DLT_BODY })
      .onConflictDoNothing();
    await tx.insert(tpl).values({ companyId: DEMO_COMPANY_IN, name: 'OTP', channel: 'sms', language: 'en', body: PLATFORM_OTP_SMS.body, dlt: DLT_OTP, createdBy: adminId });
  });
}

/** Seeds the demo templates (see the module comment). */
export async function seedDemoCommunication(db: Db): Promise<void> {
  const [admin] = await db.select({ id: users.userId }).from(users).where(eq(users.email, 'admin@demo.in'));
  if (!admin) return;
  const [{ n }] = await db.select({ n: count() }).from(communicationTemplates).where(eq(communicationTemplates.companyId, DEMO_COMPANY_IN));
  if (n === 0) await seedReminderTemplates(db, admin.id);
  await seedOtpTemplate(db, admin.id);
}

/** The reminder and statement templates of both companies (see the module comment). */
async function seedReminderTemplates(db: Db, adminId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(complianceDltTemplates)
      .values([
        { companyId: DEMO_COMPANY_IN, templateId: DLT_EN.dlt_template_id, entityId: DLT_EN.dlt_entity_id, senderHeader: DLT_EN.dlt_sender_header, category: DLT_EN.dlt_category, body: dltBodyOf(SMS_EN) },
        { companyId: DEMO_COMPANY_IN, templateId: DLT_HI.dlt_template_id, entityId: DLT_HI.dlt_entity_id, senderHeader: DLT_HI.dlt_sender_header, category: DLT_HI.dlt_category, body: dltBodyOf(SMS_HI) },
      ])
      .onConflictDoNothing();
    await tx.insert(communicationTemplates).values([
      { companyId: DEMO_COMPANY_IN, name: 'Payment due (SMS)', channel: 'sms', language: 'en', body: SMS_EN, dlt: DLT_EN, createdBy: adminId },
      { companyId: DEMO_COMPANY_IN, name: 'Payment due (SMS)', channel: 'sms', language: 'hi', body: SMS_HI, dlt: DLT_HI, createdBy: adminId },
      { companyId: DEMO_COMPANY_IN, name: 'Payment due (WhatsApp)', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, {{amount_due}} is due on your loan {{loan_id}}. Reply here if you need help to pay.', createdBy: adminId },
      { companyId: DEMO_COMPANY_IN, name: 'Account statement', channel: 'email', language: 'en', subject: 'Your loan {{loan_id}}: amount due', body: 'Dear {{borrower_name}},\n\nThe amount due on your loan {{loan_id}} is {{amount_due}} (EMI {{emi_amount}}).\n\nSahyadri Finance', createdBy: adminId },
      { companyId: DEMO_COMPANY_ID, name: 'Pengingat pembayaran', channel: 'whatsapp', language: 'id', body: 'Halo {{borrower_name}}, tagihan pinjaman {{loan_id}} sebesar {{amount_due}} sudah jatuh tempo. Balas pesan ini jika perlu bantuan.', createdBy: adminId },
      { companyId: DEMO_COMPANY_ID, name: 'Pengingat pembayaran (SMS)', channel: 'sms', language: 'id', body: 'Yth. {{borrower_name}}, tagihan {{amount_due}} untuk pinjaman {{loan_id}} sudah jatuh tempo.', createdBy: adminId },
    ]);
  });
}
