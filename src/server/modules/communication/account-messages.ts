/**
 * Sign-in messages on the communication area (issue 13 "The OTP messages of sign-in move onto this
 * area"): the AccountMessagesPort auth (OTPs) and users (email-change codes) send through. An email
 * to a user of a company that chose SMTP goes through that company's server, with its sealed
 * password opened here; otherwise (no company, the local provider) through the platform's
 * provider, which outside production logs the code for the developer. Either way the message is
 * recorded in message_outbox with its secrets left out.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import type { AccountMessagesPort } from '../../http/ports';
import { queueAndSend, type MessageProvider, type OutboundMessage } from '../../messaging/provider';
import type { ChannelProvider } from './providers/types';
import { existingSettings, providerFor } from './settings-service';

/** The company's email adapter seen as the kernel's MessageProvider (what queueAndSend records). */
function throughChannel(adapter: ChannelProvider, companyId: string): MessageProvider {
  return {
    name: adapter.name,
    async send(message: OutboundMessage) {
      await adapter.send({ messageId: randomUUID(), companyId, channel: 'email', to: message.recipient, text: message.body, subject: message.subject ?? 'Recovery Ops', dlt: null, whatsappTemplate: null });
    },
  };
}

/** Builds the port from the app's dependencies (`defineArea({ provides })`). */
export function accountMessagesPort(deps: Pick<ModuleDeps, 'db' | 'config' | 'messages'>): AccountMessagesPort {
  const db: Db = deps.db;
  return {
    async send(message) {
      const settings = message.companyId && message.channel === 'email' ? await existingSettings(db, message.companyId) : null;
      let provider: MessageProvider = deps.messages;
      if (settings?.emailProvider === 'smtp') {
        try {
          provider = throughChannel(await providerFor(db, deps.config, settings.companyId, 'email'), settings.companyId);
        } catch (err) {
          // Settings incomplete or a credential that no longer opens: the code must still reach the user.
          provider = { name: 'smtp', send: () => Promise.reject(err) };
        }
      }
      return queueAndSend(db, provider, message);
    },
  };
}
