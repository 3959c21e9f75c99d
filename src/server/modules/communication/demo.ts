/**
 * The communication demo (issue 13 ChatR): the demo Telecaller and Manager profiles get the
 * WhatsApp ChatR permission, and a borrower of telecaller@demo.in's queue has just answered a
 * reminder on WhatsApp (two hours before seeding), so the telecaller finds a chat waiting for a
 * reply inside its 24-hour window. Idempotent: writes the reply only once per company.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allocationMonthsOf, allocationsOf } from '../allocation/queries';
import { loanContactFacts } from '../portfolio/queries';
import { accountByEmail, addProfilePermissions } from '../users/queries';
import { recordInbound } from './message-service';
import { communicationMessages } from './schema';

const DEMO = [
  { companyId: 'demo-lender-in', telecaller: 'telecaller@demo.in', text: 'Hello, I got your reminder. Can I pay 5,000 this week and the rest next month?' },
  { companyId: 'demo-trust-id', telecaller: 'telecaller@demo.id', text: 'Selamat siang, saya sudah terima pengingatnya. Boleh saya bayar setengah minggu ini?' },
];

/** Seeds the demo chats (see the module comment). */
export async function seedCommunicationDemo(db: Db): Promise<void> {
  for (const demo of DEMO) {
    for (const profile of ['Telecaller', 'Manager']) await addProfilePermissions(db, demo.companyId, profile, { 'WhatsApp ChatR': { chat: { read: true, write: true } } });
    const [{ n }] = await db
      .select({ n: count() })
      .from(communicationMessages)
      .where(and(eq(communicationMessages.companyId, demo.companyId), eq(communicationMessages.direction, 'inbound')));
    if (n > 0) continue;
    const caller = await accountByEmail(db, demo.telecaller);
    if (!caller) continue;
    const [month] = await allocationMonthsOf(db, demo.companyId, caller.user.userId, 'telecaller');
    const loans = month ? (await allocationsOf(db, demo.companyId, caller.user.userId, 'telecaller', [month])).sort((a, b) => a.loanId.localeCompare(b.loanId)) : [];
    for (const loan of loans) {
      const facts = await loanContactFacts(db, demo.companyId, loan.loanId);
      const phone = facts?.contacts.find((c) => c.role === 'borrower' && c.kind === 'phone')?.value;
      if (!phone) continue;
      const at = new Date(Date.now() - 2 * 3_600_000);
      await recordInbound(db, demo.companyId, loan.loanId, 'whatsapp', phone, demo.text, 'local-provider', `demo-inbound-${demo.companyId}`, at);
      break;
    }
  }
}
